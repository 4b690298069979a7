import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../../../server/db/seed-identity'
import { killStartedServers } from '../../support/server-process'
import { openSocket, post, securityServerForFile, within, type Conn } from './support'
import { SocketCloseCode } from '../../../contract/socket-close-codes'

// Deliver 4, against a real server process: frame size, frame rate, re-subscribe, idle,
// connections per address, realtime_w's Origin and its session.

afterAll(() => killStartedServers())

const CAP = 6
const server = securityServerForFile('demo', {
  EARN_SOCKET_IDLE_MS: '3000',
  EARN_SOCKET_SESSION_CHECK_MS: '500',
  SOCKET_CONNECTIONS_PER_IP: String(CAP),
})

const EARN = '/x-api/earn/ws/public'
const QUOTE = '/spot/ws/quote/v1'

const connect = (path: string, headers: Record<string, string> = {}) =>
  openSocket(`ws://127.0.0.1:${server().port}${path}`, headers)

async function session(email = 'kyc2@earn.test'): Promise<string> {
  const res = await post(server().url, '/v1/auth/login', { email, password: DEMO_PASSWORD })
  return /=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!
}

describe('socket abuse', () => {
  it.each([EARN, QUOTE])('%s: a 9 KB frame closes with 1009 (maxPayload 8 KB)', async (path) => {
    const c = await connect(path)
    c.ws.send('x'.repeat(9 * 1024))
    const { code } = await within(c.closed, 5000)
    console.log(`[security] ${path} 9 KB frame: closed ${code}`)
    expect(code).toBe(1009)
  })

  it.each([EARN, QUOTE])('%s: 200 frames at once close with 1008 after the burst', async (path) => {
    const c = await connect(path)
    const ping = path === EARN ? '{"op":"ping"}' : '{"ping":1}'
    for (let i = 0; i < 200; i++) c.ws.send(ping)
    const { code } = await within(c.closed, 5000)
    const answered = c.frames.length
    console.log(`[security] ${path} flood of 200 pings: ${answered} answered, closed ${code}`)
    expect(code).toBe(1008)
    // The burst of 40, plus what 20/s refills while the 200 frames arrive (a few ms).
    expect(answered).toBeLessThanOrEqual(45)
    expect(answered).toBeGreaterThan(0)
  })

  it('re-subscribing a held topic sends no second snapshot', async () => {
    const c = await connect(EARN)
    const sub = '{"op":"subscribe","args":["dual_asset.benchmark_price"]}'
    c.ws.send(sub)
    await new Promise((r) => setTimeout(r, 300))
    const pushes = () => c.frames.filter((f) => f.topic === 'dual_asset.benchmark_price').length
    const afterFirst = pushes()
    for (let i = 0; i < 10; i++) c.ws.send(sub)
    await new Promise((r) => setTimeout(r, 300))
    // Acks for each, but at most one more push (the 1 s tick may fall inside the wait).
    expect(c.frames.filter((f) => f.op === 'subscribe' && f.success).length).toBe(11)
    expect(afterFirst).toBe(1)
    expect(pushes() - afterFirst).toBeLessThanOrEqual(1)
    c.ws.close()
  })

  it('an earn connection that sends nothing is closed after the idle timeout (4000)', async () => {
    const c = await connect(EARN)
    const started = Date.now()
    const { code } = await within(c.closed, 8000)
    console.log(`[security] idle earn socket closed ${code} after ${Date.now() - started} ms`)
    expect(code).toBe(SocketCloseCode.Idle)
  })

  it(`an address gets ${CAP} sockets across both servers; the next upgrade answers 429`, async () => {
    const open: Conn[] = []
    for (let i = 0; i < CAP; i++) open.push(await connect(i % 2 ? EARN : QUOTE))
    const refused = await connect(EARN).then(
      () => 0,
      (e: { status?: number }) => e.status ?? -1,
    )
    console.log(`[security] socket ${CAP + 1} from one address: ${refused}`)
    expect(refused).toBe(429)
    open.pop()!.ws.close()
    await new Promise((r) => setTimeout(r, 200))
    const again = await connect(QUOTE)
    for (const c of [...open, again]) c.ws.close()
    await new Promise((r) => setTimeout(r, 200))
  })
})

describe('realtime_w', () => {
  it("refuses another site's Origin (403), accepts its own", async () => {
    const token = await session()
    const foreign = await connect('/x-api/earn/ws/realtime_w', {
      usertoken: token,
      origin: 'https://evil.example',
    }).then(
      () => 0,
      (e: { status?: number }) => e.status ?? -1,
    )
    expect(foreign).toBe(403)
    const own = await connect('/x-api/earn/ws/realtime_w', {
      usertoken: token,
      origin: `http://127.0.0.1:${server().port}`,
    })
    own.ws.close()
  })

  it('closes (4001) soon after its session is logged out', async () => {
    const token = await session()
    const c = await connect('/x-api/earn/ws/realtime_w', { usertoken: token })
    // Keep it from idling out while we wait.
    const keepAlive = setInterval(() => c.ws.send('{"op":"ping"}'), 500)
    try {
      const out = await post(server().url, '/v1/auth/logout', {}, { usertoken: token })
      expect(out.body.result.logged_out).toBe(true)
      const started = Date.now()
      const { code, reason } = await within(c.closed, 5000)
      console.log(
        `[security] realtime_w after logout: closed ${code} (${reason}) in ${Date.now() - started} ms`,
      )
      expect(code).toBe(SocketCloseCode.SessionEnded)
    } finally {
      clearInterval(keepAlive)
    }
  })
})
