import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountType, ProductType } from '../../contract/enums'
import { RetCode } from '../../contract/ret-codes'
import { createTestApp, type TestApp } from '../support/test-app'
import { balance, countRows, DEMO_IDS, earn, loginDemo, oid, quotedOrder } from './support/earn'

// Structured products ask for a risk acknowledgement once per product type (docs/api.md):
// remembered server-side, so a second session (another device) does not ask again, and
// pay-order refuses an unacknowledged type with 10412 before writing anything.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const orderCount = (userId: number) =>
  countRows(t.db, sql`select count(*)::int as n from earn_orders where user_id = ${userId}`)

const quotedDual = (cookie: string) => quotedOrder(t, cookie, 'dual-btc-low', '100')

describe('risk acknowledgement of structured products', () => {
  it('needs a login to read or acknowledge', async () => {
    expect((await earn(t, 'get-risk-acknowledgements', {})).ret_code).toBe(RetCode.LoginExpired)
    expect((await earn(t, 'acknowledge-risk', { product_type: ProductType.Dual })).ret_code).toBe(
      RetCode.LoginExpired,
    )
  })

  it('refuses pay-order of an unacknowledged type with 10412 and writes nothing', async () => {
    const cookie = await loginDemo(t, 'kyc2')
    expect((await earn(t, 'get-risk-acknowledgements', {}, cookie)).result).toEqual({
      product_types: [],
    })
    const before = await balance(t.db, DEMO_IDS.kyc2, 'USDT', AccountType.FUNDING)
    const orders = await orderCount(DEMO_IDS.kyc2)
    const res = await earn(t, 'pay-order', await quotedDual(cookie), cookie)
    expect(res.ret_code).toBe(RetCode.RiskAcknowledgementRequired)
    expect(res.ret_msg).toMatch(/acknowledge/)
    expect(await balance(t.db, DEMO_IDS.kyc2, 'USDT', AccountType.FUNDING)).toBe(before)
    expect(await orderCount(DEMO_IDS.kyc2)).toBe(orders)
    // Products that are not structured never ask.
    const flex = await earn(
      t,
      'pay-order',
      { order_id: oid('flex'), product_id: 'flex-usdt', amount: '10' },
      cookie,
    )
    expect(flex.ret_code, flex.ret_msg).toBe(0)
  })

  it('remembers the acknowledgement per type, across sessions, and then pays', async () => {
    const first = await loginDemo(t, 'kyc2')
    const ack = await earn(t, 'acknowledge-risk', { product_type: ProductType.Dual }, first)
    expect(ack).toMatchObject({ ret_code: 0, result: { product_types: [ProductType.Dual] } })
    // Twice is the same as once.
    const again = await earn(t, 'acknowledge-risk', { product_type: ProductType.Dual }, first)
    expect(again.result).toEqual({ product_types: [ProductType.Dual] })
    expect(
      await countRows(
        t.db,
        sql`select count(*)::int as n from earn_risk_acknowledgements where user_id = ${DEMO_IDS.kyc2}`,
      ),
    ).toBe(1)
    // Another device: a new session of the same user reads it from the server.
    const second = await loginDemo(t, 'kyc2')
    expect(second).not.toBe(first)
    expect((await earn(t, 'get-risk-acknowledgements', {}, second)).result).toEqual({
      product_types: [ProductType.Dual],
    })
    const before = await balance(t.db, DEMO_IDS.kyc2, 'USDT', AccountType.FUNDING)
    const paid = await earn(t, 'pay-order', await quotedDual(second), second)
    expect(paid.ret_code, paid.ret_msg).toBe(0)
    expect(
      Number(before) - Number(await balance(t.db, DEMO_IDS.kyc2, 'USDT', AccountType.FUNDING)),
    ).toBe(100)
    // Another structured type still asks: the acknowledgement is per type.
    const refused = await earn(
      t,
      'pay-order',
      await quotedOrder(t, second, 'futureboost-btc', '10'),
      second,
    )
    expect(refused.ret_code).toBe(RetCode.RiskAcknowledgementRequired)
    // Another user has acknowledged nothing.
    const other = await loginDemo(t, 'insider')
    expect((await earn(t, 'get-risk-acknowledgements', {}, other)).result.product_types).toEqual([])
  })

  it('refuses a type that needs no acknowledgement and unknown fields (10001)', async () => {
    const cookie = await loginDemo(t, 'kyc2')
    for (const body of [
      { product_type: ProductType.Flexible },
      { product_type: 99 },
      { product_type: ProductType.Dual, extra: 1 },
      {},
    ]) {
      const res = await earn(t, 'acknowledge-risk', body, cookie)
      expect(res.ret_code, JSON.stringify(body)).toBe(RetCode.InvalidRequest)
    }
  })
})
