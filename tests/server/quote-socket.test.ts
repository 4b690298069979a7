import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { parseConfig, testConfig } from '../../server/config'
import { startServer, type RunningServer } from '../../server/server'
import { openTestDatabase } from '../support/test-database'
import { SocketCloseCode } from '../../contract/socket-close-codes'

const IDLE_MS = 1500
let server: RunningServer
beforeAll(async () => {
  server = await startServer(
    testConfig({ PORT: 0, HOST: '127.0.0.1', QUOTE_SOCKET_IDLE_MS: IDLE_MS }),
    { database: await openTestDatabase(), withClient: false },
  )
})
afterAll(() => server.close())

/** A real WebSocket client that collects every frame as parsed JSON. */
async function connect() {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/spot/ws/quote/v1`)
  const frames: any[] = []
  const waiters: (() => void)[] = []
  ws.on('message', (data) => {
    frames.push(JSON.parse(data.toString()))
    waiters.splice(0).forEach((w) => w())
  })
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  /** Resolves with the first frame (from `from` on) matching the predicate. */
  async function next(match: (f: any) => boolean, from = 0, timeoutMs = 4000): Promise<any> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = frames.slice(from).find(match)
      if (found) return found
      if (Date.now() > deadline) throw new Error(`no matching frame in ${JSON.stringify(frames)}`)
      await new Promise<void>((r) => {
        waiters.push(r)
        setTimeout(r, 100)
      })
    }
  }
  const send = (v: unknown) => ws.send(typeof v === 'string' ? v : JSON.stringify(v))
  /** Pings three times per idle timeout, as a live client does; returns the stop. */
  const keepPinging = () => {
    const timer = setInterval(() => send({ ping: Date.now() }), IDLE_MS / 3)
    return () => clearInterval(timer)
  }
  return { ws, frames, next, send, keepPinging }
}

const SUB = {
  topic: 'realtimes',
  event: 'sub',
  symbol: 'BTCUSDT,ETHUSDT',
  params: { binary: false },
}

describe('spot quote socket /spot/ws/quote/v1', () => {
  it('closes idle connections after 30 s by default (shortened here)', () => {
    expect(parseConfig({ NODE_ENV: 'development' }).QUOTE_SOCKET_IDLE_MS).toBe(30_000)
  })

  it('answers {ping: ts} with {pong: ts}', async () => {
    const c = await connect()
    c.send({ ping: 1_700_000_000_123 })
    expect(await c.next((f) => 'pong' in f)).toEqual({ pong: 1_700_000_000_123 })
    c.ws.close()
  })

  it('pushes realtimes with all nine fields at once and then on every tick', async () => {
    const c = await connect()
    c.send(SUB)
    const first = await c.next((f) => f.topic === 'realtimes')
    expect(first.data.map((d: any) => d.s).sort()).toEqual(['BTCUSDT', 'ETHUSDT'])
    for (const item of first.data) {
      expect(Object.keys(item).sort()).toEqual(['c', 'h', 'l', 'm', 'o', 'qv', 's', 't', 'v'])
      for (const f of ['c', 'h', 'l', 'o', 'v', 'qv']) expect(item[f]).toMatch(/^\d+(\.\d+)?$/)
      expect(item.m).toMatch(/^-?\d+(\.\d+)?$/)
      expect(typeof item.t).toBe('number')
    }
    const firstIndex = c.frames.indexOf(first)
    // The next second's tick can come up to 2 s after the subscription (a tick in the same
    // second repeats its t), later than this suite's 1.5 s idle timeout: ping meanwhile, as a
    // real client does.
    const stopPinging = c.keepPinging()
    const tick = await c
      .next((f) => f.topic === 'realtimes' && f.data[0].t > first.data[0].t, firstIndex + 1)
      .finally(stopPinging)
    expect(tick.data).toHaveLength(2)
    expect(tick.data[0].t - first.data[0].t).toBeGreaterThanOrEqual(1000)
    c.ws.close()
  })

  it('answers garbage with an error frame and stays usable', async () => {
    const c = await connect()
    c.send('this is not json')
    expect(await c.next((f) => f.event === 'error')).toMatchObject({
      code: 10001,
      msg: 'frame is not JSON',
    })
    c.send({ topic: 'realtimes', event: 'sub' })
    await c.next((f) => f.event === 'error' && /expected/.test(f.msg), 1)
    c.send({ ...SUB, symbol: 'NOPEUSDT' })
    await c.next((f) => f.event === 'error' && /unknown symbol NOPEUSDT/.test(f.msg))
    c.send({ ...SUB, params: { binary: true } })
    await c.next((f) => f.event === 'error' && /binary/.test(f.msg))
    c.send(JSON.stringify({ ping: 1, pad: 'x'.repeat(5000) }))
    await c.next((f) => f.event === 'error' && /over 4096 bytes/.test(f.msg))
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true })
    await c.next((f) => f.event === 'error' && /binary frames/.test(f.msg))

    // Still open and working.
    c.send({ ping: 42 })
    expect(await c.next((f) => f.pong === 42)).toEqual({ pong: 42 })
    c.send(SUB)
    await c.next((f) => f.topic === 'realtimes')
    expect(c.ws.readyState).toBe(WebSocket.OPEN)
    c.ws.close()
  })

  it('cancel stops the pushes for those symbols', async () => {
    const c = await connect()
    c.send(SUB)
    await c.next((f) => f.topic === 'realtimes')
    c.send({ topic: 'realtimes', event: 'cancel', symbol: 'BTCUSDT,ETHUSDT' })
    await new Promise((r) => setTimeout(r, 300))
    const mark = c.frames.length
    await new Promise((r) => setTimeout(r, 1300))
    expect(c.frames.slice(mark).filter((f) => f.topic === 'realtimes')).toEqual([])
    c.ws.close()
  })

  it('closes a connection that sends nothing for the idle timeout; pings keep it open', async () => {
    const idle = await connect()
    const pinging = await connect()
    const stopPinging = pinging.keepPinging()
    const closed = await new Promise<{ code: number; reason: string }>((resolve) =>
      idle.ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    )
    expect(closed.code).toBe(SocketCloseCode.Idle)
    expect(closed.reason).toMatch(/idle/)
    expect(pinging.ws.readyState).toBe(WebSocket.OPEN)
    stopPinging()
    pinging.ws.close()
  })
})
