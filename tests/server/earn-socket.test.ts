import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import {
  EARN_SOCKET_PROTOCOL,
  EarnPublicTopic,
  SOCKET_TICKET_PROTOCOL_PREFIX,
} from '../../contract/earn-socket'
import { SOCKET_TICKET_PATH } from '../../contract/paths'
import type { RunningServer } from '../../server/server'
import { startServerWithSession } from './support/socket-server'

let server: RunningServer
let token: string

beforeAll(async () => {
  ;({ server, token } = await startServerWithSession())
})
afterAll(() => server.close())

async function connect(
  channel: string,
  headers: Record<string, string> = {},
  protocols: string[] = [],
) {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/x-api/earn/ws/${channel}`, protocols, {
    headers,
  })
  const frames: any[] = []
  ws.on('message', (d) => frames.push(JSON.parse(d.toString())))
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
    ws.once('error', reject)
  })
  async function next(match: (f: any) => boolean, timeoutMs = 5000): Promise<any> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = frames.find(match)
      if (found) return found
      if (Date.now() > deadline) throw new Error(`no matching frame in ${JSON.stringify(frames)}`)
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  return {
    ws,
    frames,
    next,
    send: (v: unknown) => ws.send(typeof v === 'string' ? v : JSON.stringify(v)),
  }
}

const ticket = (headers: Record<string, string> = { usertoken: token }) =>
  fetch(`${server.url}/x-api${SOCKET_TICKET_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
  }).then((r) => r.json() as Promise<any>)

const ticketProtocols = (t: string) => [
  EARN_SOCKET_PROTOCOL,
  `${SOCKET_TICKET_PROTOCOL_PREFIX}${t}`,
]

const pay = (body: object) =>
  fetch(`${server.url}/x-api/s1/byfi/pay-order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', usertoken: token },
    body: JSON.stringify(body),
  }).then((r) => r.json() as Promise<any>)

describe('earn socket /x-api/earn/ws/{public|realtime_w}', () => {
  it('answers ping with pong', async () => {
    const c = await connect('public')
    c.send({ op: 'ping', req_id: 'p1' })
    expect(await c.next((f) => f.op === 'pong')).toMatchObject({ op: 'pong', req_id: 'p1' })
    c.ws.close()
  })

  it('subscribes public topics with args and pushes their data at once and every second', async () => {
    const c = await connect('public')
    c.send({
      op: 'subscribe',
      args: [EarnPublicTopic.DualAssetBenchmarkPrice, EarnPublicTopic.AllInstrumentInfo],
    })
    expect(await c.next((f) => f.op === 'subscribe')).toMatchObject({ success: true })
    const price = await c.next((f) => f.topic === EarnPublicTopic.DualAssetBenchmarkPrice)
    expect(price.data).toEqual([{ symbol: 'BTCUSDT', price: expect.stringMatching(/^\d+\.\d+$/) }])
    const info = await c.next((f) => f.topic === EarnPublicTopic.AllInstrumentInfo)
    expect(info.data.map((d: any) => d.product_id)).toContain('flex-usdt')
    const count = c.frames.filter((f) => f.topic === EarnPublicTopic.DualAssetBenchmarkPrice).length
    await c.next(
      (f) =>
        c.frames.filter(
          (x) => x.topic === f.topic && f.topic === EarnPublicTopic.DualAssetBenchmarkPrice,
        ).length > count,
      3000,
    )
    c.ws.close()
  })

  it.each([
    EarnPublicTopic.DoubleWinOffer,
    EarnPublicTopic.DiscountBuyOffer,
    EarnPublicTopic.FutureBoostOffer,
  ])('pushes the %s topic', async (topic) => {
    const c = await connect('public')
    c.send({ op: 'subscribe', args: [topic] })
    const push = await c.next((f) => f.topic === topic)
    expect(push.data.length).toBeGreaterThan(0)
    expect(push.data[0]).toMatchObject({
      product_id: expect.any(String),
      index_price: expect.any(String),
    })
    c.ws.close()
  })

  it('refuses unknown topics, private topics on public, and bad frames', async () => {
    const c = await connect('public')
    c.send({ op: 'subscribe', args: ['nope'] })
    expect(await c.next((f) => f.op === 'subscribe')).toMatchObject({
      success: false,
      ret_msg: expect.stringMatching(/unknown topic/),
    })
    c.send({ op: 'subscribe', args: ['user.order'] })
    expect(await c.next((f) => f.op === 'subscribe' && /realtime_w/.test(f.ret_msg))).toMatchObject(
      { success: false },
    )
    c.send('{not json')
    expect(await c.next((f) => f.op === 'error')).toMatchObject({ success: false })
    c.ws.close()
  })

  it('refuses realtime_w without a session (HTTP 401)', async () => {
    await expect(connect('realtime_w')).rejects.toThrow(/401/)
  })

  it('pushes the user their own order and position changes on realtime_w', async () => {
    const c = await connect('realtime_w', { usertoken: token })
    c.send({ op: 'subscribe', args: ['user.order', 'user.position'] })
    await c.next((f) => f.op === 'subscribe' && f.success)
    // The LISTEN connection opens with the first private subscriber; give it a moment.
    await new Promise((r) => setTimeout(r, 300))
    const res = await pay({ order_id: 'socket-order-1', product_id: 'flex-usdt', amount: '50' })
    expect(res.ret_code).toBe(0)
    const order = await c.next((f) => f.topic === 'user.order')
    expect(order.data).toMatchObject({
      order_id: 'socket-order-1',
      status: 'success',
      product_id: 'flex-usdt',
    })
    const position = await c.next((f) => f.topic === 'user.position')
    expect(position.data).toMatchObject({ product_id: 'flex-usdt', event: 'subscribed' })
    c.ws.close()
  })

  it('opens realtime_w with a single-use ticket offered as a subprotocol, no cookie or header', async () => {
    const issued = await ticket()
    expect(issued.ret_code).toBe(0)
    expect(issued.result.ticket).toMatch(/^[\w-]{32}$/)
    const c = await connect('realtime_w', {}, ticketProtocols(issued.result.ticket))
    // The server selects the earn protocol, never echoes the ticket.
    expect(c.ws.protocol).toBe(EARN_SOCKET_PROTOCOL)
    c.send({ op: 'subscribe', args: ['user.order'] })
    await c.next((f) => f.op === 'subscribe' && f.success)
    await new Promise((r) => setTimeout(r, 300))
    const res = await pay({
      order_id: 'socket-order-ticket',
      product_id: 'flex-usdt',
      amount: '50',
    })
    expect(res.ret_code).toBe(0)
    const order = await c.next((f) => f.topic === 'user.order')
    expect(order.data).toMatchObject({ order_id: 'socket-order-ticket' })
    c.ws.close()
    // Used once: the same ticket opens nothing again; an unknown one neither.
    await expect(connect('realtime_w', {}, ticketProtocols(issued.result.ticket))).rejects.toThrow(
      /401/,
    )
    await expect(connect('realtime_w', {}, ticketProtocols('x'.repeat(32)))).rejects.toThrow(/401/)
  })

  it("accepts the page's own site's ws2 host and refuses another site (Origin)", async () => {
    const issued = (await ticket()).result
    // www.<domain> page, ws2.<domain> socket (spec §7): allowed.
    const ok = await connect(
      'realtime_w',
      { origin: 'https://www.earn.test', host: 'ws2.earn.test' },
      ticketProtocols(issued.ticket),
    )
    ok.ws.close()
    const other = (await ticket()).result
    await expect(
      connect(
        'realtime_w',
        { origin: 'https://www.evil.test', host: 'ws2.earn.test' },
        ticketProtocols(other.ticket),
      ),
    ).rejects.toThrow(/403/)
  })

  it('gives tickets to signed-in callers only, a bounded number per session', async () => {
    expect((await ticket({})).ret_code).toBe(10007)
    const answers = []
    for (let i = 0; i < 11; i++) answers.push((await ticket()).ret_code)
    // Earlier tests of this file used theirs; ten unused ones at most are held at once.
    expect(answers.filter((code) => code === 10006).length).toBeGreaterThan(0)
    expect(answers.slice(0, 9).every((code) => code === 0)).toBe(true)
  })
})
