import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { EarnPublicTopic } from '../../contract/earn-socket'
import type { RunningServer } from '../../server/server'
import { startServerWithSession } from './support/socket-server'

let server: RunningServer
let token: string

beforeAll(async () => {
  ;({ server, token } = await startServerWithSession())
})
afterAll(() => server.close())

async function connect(channel: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/x-api/earn/ws/${channel}`, { headers })
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
})
