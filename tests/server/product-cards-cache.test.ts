import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountType, ProductCardStatus } from '../../contract/enums'
import { products } from '../../server/db/schema'
import { PRODUCTS_CHANNEL } from '../../server/modules/earn/product-cards-cache'
import { queryRows } from '../support/db-state'
import { createTestApp, type TestApp } from '../support/test-app'
import { EARN, earn, loginDemo, oid } from './support/earn'
import { HOST } from './support/identity'

// Issue 28: get-homepage-product-cards from a process cache that a product change invalidates
// (migration 0012's trigger NOTIFYs; on PGlite the instance itself delivers it). One process
// here; tests/server/pg/product-cards-cache-pg.test.ts runs two servers on one PostgreSQL.

const PRODUCT = 'flex-usdt'
const FILTER = { coin: 'USDT', product_types: [4] }
/** How long a change may take to show on a loaded machine (its notification's delay). */
const SEEN_WITHIN_MS = 10_000

let t: TestApp
let blocked: string

beforeAll(async () => {
  t = await createTestApp({ config: { TEST_MODE: true } })
  blocked = await loginDemo(t, 'blocked')
})
afterAll(() => t.close())

const cardOf = async (cookie?: string) => {
  const res = await earn(t, 'get-homepage-product-cards', FILTER, cookie)
  expect(res.ret_code).toBe(0)
  return res.result.cards.find((c: { product_id: string }) => c.product_id === PRODUCT)
}

/** Reads until the card shows `quota` (bounded); answers how long that took. */
async function seenWithin(quota: string): Promise<number> {
  const started = performance.now()
  while (performance.now() - started < SEEN_WITHIN_MS) {
    if ((await cardOf())?.remaining_quota === quota) return performance.now() - started
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`remaining_quota ${quota} not seen within ${SEEN_WITHIN_MS} ms`)
}

const setQuota = (quota: string) =>
  earn(t, 'test/product-quota', { product_id: PRODUCT, remaining_quota: quota })

describe('product cards cache (one process)', () => {
  it('serves the rows from memory: a change that notifies nobody is not seen', async () => {
    const before = await cardOf()
    // The trigger off, the change reaches no cache: a read from the database would show it.
    await t.database.exec('alter table products disable trigger products_changed')
    try {
      await t.db.update(products).set({ remainingQuota: '123' }).where(eq(products.id, PRODUCT))
      expect((await cardOf()).remaining_quota).toBe(before.remaining_quota)
    } finally {
      await t.database.exec('alter table products enable trigger products_changed')
    }
    // The next change notifies: the cache reads again and shows what the database holds.
    await t.db
      .update(products)
      .set({ apr: sql`${products.apr}` })
      .where(eq(products.id, PRODUCT))
    await seenWithin('123')
  })

  it('answers a shared cards result as c.json would, its JSON made once, time_now fresh', async () => {
    const read = async () => {
      const res = await t.app.request(`${EARN}/get-homepage-product-cards`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: HOST },
        body: JSON.stringify(FILTER),
      })
      expect(res.headers.get('content-type')).toBe('application/json')
      return res.text()
    }
    const first = await read()
    t.clock.advance(1500)
    const second = await read()
    const [a, b] = [JSON.parse(first), JSON.parse(second)]
    // Byte for byte what JSON.stringify of the envelope gives: keys in the envelope's order.
    expect(first).toBe(JSON.stringify(a))
    expect(Object.keys(a)).toEqual(['ret_code', 'ret_msg', 'result', 'ext_code', 'time_now'])
    expect(a.ret_code).toBe(0)
    expect(b.result).toEqual(a.result)
    // The test clock moves 1.5 s, and with real time as well.
    expect(Number(b.time_now) - Number(a.time_now)).toBeGreaterThanOrEqual(1.5)
    expect(Number(b.time_now) - Number(a.time_now)).toBeLessThan(5)
  })

  it('a quota change shows in the next reads, and stays shown', async () => {
    expect((await setQuota('4321')).ret_code).toBe(0)
    // PGlite delivers the notification with the change's answer; PostgreSQL a moment after
    // the commit (this suite also runs there in .ci/run): within the notification's delay.
    await seenWithin('4321')
    for (let i = 0; i < 5; i++) expect((await cardOf()).remaining_quota).toBe('4321')
  })

  it('sold out shows as sold out; the per-user part still applies over the shared cards', async () => {
    expect((await setQuota('0')).ret_code).toBe(0)
    await seenWithin('0')
    expect((await cardOf()).card_status).toBe(ProductCardStatus.Soldout)
    // The same shared rows, and a user who may not buy sees Forbidden.
    expect((await cardOf(blocked)).card_status).toBe(ProductCardStatus.Forbidden)
    expect((await cardOf()).card_status).toBe(ProductCardStatus.Soldout)
  })

  it('a notified change shows within its delay; without one, the rows are held', async () => {
    await cardOf() // held
    await t.database.exec('alter table products disable trigger products_changed')
    try {
      await t.db.update(products).set({ remainingQuota: '77' }).where(eq(products.id, PRODUCT))
    } finally {
      await t.database.exec('alter table products enable trigger products_changed')
    }
    // Nobody was told: the cache still holds the old rows; then a notification.
    expect((await cardOf()).remaining_quota).toBe('0')
    await t.database.exec(`notify ${PRODUCTS_CHANNEL}, '${PRODUCT}'`)
    await seenWithin('77')
  })

  it('pay-order reads the product here, and the database still has the last word', async () => {
    const kyc2 = await loginDemo(t, 'kyc2')
    const pay = (amount = '10') =>
      earn(t, 'pay-order', { order_id: oid('cache'), product_id: PRODUCT, amount }, kyc2)
    const funding = async () => {
      const [row] = await queryRows<{ balance: string }>(
        t.db,
        sql`select a.balance::text as balance from earn_accounts a join users u on u.id = a.user_id
            where u.username = 'kyc2' and a.coin = 'USDT' and a.account_type = ${AccountType.FUNDING}`,
      )
      return row!.balance
    }
    expect((await setQuota('1000')).ret_code).toBe(0)
    await seenWithin('1000')
    expect((await pay()).ret_code).toBe(0)
    // Reads the product (its own change made it stale) and stops at the amount's precision:
    // the cache now holds the product as it is.
    expect((await pay('10.123456789')).ret_code).toBe(10001)
    // Taken offline with nobody told: the cache still says on sale, the order's last statement
    // (the quota's decrement, on a product on sale now) takes nothing, and the answer is 325.
    await t.database.exec('alter table products disable trigger products_changed')
    try {
      await t.db.update(products).set({ offline: 1 }).where(eq(products.id, PRODUCT))
      const before = await funding()
      const refused = await pay()
      expect(refused.ret_code, JSON.stringify(refused)).toBe(325)
      expect(await funding()).toBe(before)
      const [row] = await t.db.select().from(products).where(eq(products.id, PRODUCT))
      expect(Number(row!.remainingQuota)).toBe(990)
    } finally {
      await t.database.exec('alter table products enable trigger products_changed')
    }
    await t.db.update(products).set({ offline: 0 }).where(eq(products.id, PRODUCT))
    const placedId = oid('cache-placed')
    const placed = await earn(
      t,
      'pay-order',
      { order_id: placedId, product_id: PRODUCT, amount: '10' },
      kyc2,
    )
    expect(placed.ret_code).toBe(0)
    // Sold out as far as the cache has heard: 302 before anything is written.
    expect((await setQuota('0')).ret_code).toBe(0)
    await seenWithin('0')
    const [soldOut, retried] = await Promise.all([
      pay(),
      // A retry of an order placed before is not told 302: its order is replayed (the ids of
      // the sold-out answers asked together are read in one statement).
      earn(t, 'pay-order', { order_id: placedId, product_id: PRODUCT, amount: '10' }, kyc2),
    ])
    expect(soldOut.ret_code).toBe(302)
    expect(retried.ret_code, retried.ret_msg).toBe(0)
    expect(retried.result.order).toEqual(placed.result.order)
  })
})
