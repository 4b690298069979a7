import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from '../../server/app'
import { ProductCardStatus, ProductType, SubscriptionState } from '../../contract/enums'
import { getHomepageProductCardsResponse } from '../../contract/earn.schema'
import { products } from '../../server/db/schema'
import type { GcPauseFigures } from '../../server/modules/health/loop-delay'
import { createTestApp, type TestApp } from '../support/test-app'
import { HOST } from './support/identity'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const CARDS = '/x-api/s1/byfi/get-homepage-product-cards'

describe('get-homepage-product-cards', () => {
  it('returns the seeded products in the envelope, sorted by APR', async () => {
    const { status, body } = await t.post(CARDS, {})
    expect(status).toBe(200)
    expect(body.ret_code).toBe(0)
    expect(body.ret_msg).toBe('OK')
    const result = getHomepageProductCardsResponse.parse(body.result)
    expect(result.cards.length).toBeGreaterThanOrEqual(8)
    const aprs = result.cards.map((c) => Number(c.apr))
    expect(aprs).toEqual([...aprs].sort((a, b) => b - a))
  })

  it('filters by coin and product type', async () => {
    const { body } = await t.post(CARDS, { coin: 'usdt', product_types: [ProductType.Flexible] })
    const cards = getHomepageProductCardsResponse.parse(body.result).cards
    expect(cards.map((c) => c.product_id)).toEqual(['flex-usdt'])
  })

  it('derives card status from quota and window', async () => {
    const { body } = await t.post(CARDS, {})
    const byId = new Map(
      getHomepageProductCardsResponse.parse(body.result).cards.map((c) => [c.product_id, c]),
    )
    expect(byId.get('fixed-usdt-30')).toMatchObject({
      subscription_state: SubscriptionState.Soldout,
      card_status: ProductCardStatus.Soldout,
    })
    expect(byId.get('launch-mnt')).toMatchObject({
      subscription_state: SubscriptionState.Unstarted,
      card_status: ProductCardStatus.NotStarted,
    })
    expect(byId.get('flex-usdt')?.card_status).toBe(ProductCardStatus.Available)
  })

  it.each([
    ['wrong type', { coin: 5 }],
    ['unknown field', { nope: true }],
    ['unknown product type', { product_types: [99] }],
    ['not JSON', '{"coin":'],
  ])('refuses %s with a readable envelope error', async (_name, body) => {
    const res = await t.post(CARDS, body)
    expect(res.body.ret_code).toBe(10001)
    expect(res.body.ret_msg).toMatch(/\w/)
  })
})

describe('envelope for protocol errors', () => {
  it('unknown paths and methods answer an envelope, not HTML', async () => {
    const res = await t.app.request('/x-api/nowhere')
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ ret_code: 10004 })
    const get = await t.app.request(CARDS)
    expect(get.status).toBe(404)
    expect(get.headers.get('content-type')).toContain('application/json')
  })

  it('refuses bodies over 64 KB', async () => {
    const big = JSON.stringify({ coin: 'x'.repeat(MAX_BODY_BYTES) })
    const res = await t.post(CARDS, big)
    expect(res.status).toBe(413)
    expect(res.body.ret_code).toBe(10413)
  })

  it('health reports the database kind', async () => {
    const res = await t.app.request('/x-api/health')
    expect(await res.json()).toMatchObject({ ret_code: 0, result: { status: 'ok' } })
  })

  it("health reports the server's event-loop delay, this window's and the last", async () => {
    // The monitor samples every 10 ms: let it take a few.
    await new Promise((r) => setTimeout(r, 60))
    const body = (await (await t.app.request('/x-api/health')).json()) as {
      result: { event_loop_delay_ms: Record<string, unknown> }
    }
    const loop = body.result.event_loop_delay_ms as {
      window_ms: number
      running: { p50: number; p99: number; max: number }
      previous: { p50: number; p99: number; max: number }
    }
    expect(loop.window_ms).toBe(10_000)
    expect(loop.running.p99).toBeGreaterThan(0)
    expect(loop.running.max).toBeGreaterThanOrEqual(loop.running.p99)
    expect(loop.running.p99).toBeGreaterThanOrEqual(loop.running.p50)
    expect(Object.keys(loop.previous).sort()).toEqual(['max', 'p50', 'p99'])
  })

  it("health reports the garbage collector's pauses, since the start and per window", async () => {
    const read = async () =>
      (
        (await (await t.app.request('/x-api/health')).json()) as {
          result: { gc_pause_ms: GcPauseFigures }
        }
      ).result.gc_pause_ms
    const before = await read()
    // Short-lived garbage enough for several young-generation collections (64 MB and more).
    const ring: number[][] = []
    for (let i = 0; i < 200_000; i++) ring[i % 16] = new Array<number>(64).fill(i)
    expect(ring[15]![0]).toBe(199_999)
    // The collector's entries reach their observer after the fact.
    await new Promise((r) => setTimeout(r, 50))
    const after = await read()
    expect(after.window_ms).toBe(10_000)
    expect(after.pauses).toBeGreaterThan(before.pauses)
    expect(after.total_ms).toBeGreaterThan(before.total_ms)
    expect(after.running.count).toBeGreaterThan(0)
    expect(after.running.max).toBeGreaterThan(0)
    expect(after.running.total).toBeGreaterThanOrEqual(after.running.max)
    expect(Object.keys(after.previous).sort()).toEqual(['count', 'max', 'total'])
  })

  it("every answer says the server's own time for it (Server-Timing)", async () => {
    for (const path of ['/x-api/health', '/earn/home']) {
      const res = await t.app.request(path, { headers: { host: HOST } })
      expect(res.headers.get('server-timing'), path).toMatch(/^app;dur=\d+(\.\d)?$/)
    }
  })

  it('a rejected call changes nothing in the database', async () => {
    const before = await t.db.select().from(products)
    await t.post(CARDS, { coin: 5 })
    expect(await t.db.select().from(products)).toEqual(before)
  })
})
