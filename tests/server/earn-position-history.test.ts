// get-position-history: closed positions, how each ended and what came back; the TEST_MODE
// price gap makes a dual settlement fail (stage Failed 4) and refund the principal.
import Decimal from 'decimal.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountType, DualStage, PositionOutcome, ProductType } from '../../contract/enums'
import { createApp } from '../../server/app'
import { testConfig } from '../../server/config'
import { createTestApp, type TestApp } from '../support/test-app'
import { balance, DEMO_IDS, EARN, earn, loginDemo, oid } from './support/earn'
import { HOST } from './support/identity'

const DAY_S = 86_400
let t: TestApp
let kyc2: string

beforeAll(async () => {
  t = await createTestApp()
  kyc2 = await loginDemo(t, 'kyc2')
})
afterAll(() => t.close())

const ok = async (call: string, body: object, cookie = kyc2) => {
  const res = await earn(t, call, body, cookie)
  expect(res.ret_code, `${call}: ${res.ret_msg}`).toBe(0)
  return res.result
}
const payDual = async (amount: string) => {
  // Structured products are paid only once their risk is acknowledged (once per type; kept).
  await ok('acknowledge-risk', { product_type: ProductType.Dual })
  const preview = await ok('preview-order', { product_id: 'dual-btc-low', amount })
  return (
    await ok('pay-order', {
      order_id: oid(),
      product_id: 'dual-btc-low',
      amount,
      quote_price: preview.quote.price,
    })
  ).order
}
const history = async (body: object = {}) => ok('get-position-history', body)
const funding = async () =>
  new Decimal(await balance(t.db, DEMO_IDS.kyc2, 'USDT', AccountType.FUNDING))

describe('get-position-history', () => {
  let failedId: string
  let settledId: string

  it('a dual settlement with no price fails, refunds the principal and says so', async () => {
    const before = await funding()
    const settled = await payDual('100')
    const failed = await payDual('1000')
    ;[settledId, failedId] = [settled.position_id, failed.position_id]
    expect((await ok('test/price-gap', { position_id: failedId })).status).toBe('active')
    expect((await history()).positions).toEqual([])

    await ok('test/advance-clock', { seconds: 3 * DAY_S + 60 })
    kyc2 = await loginDemo(t, 'kyc2')
    const { positions } = await history()
    const byId = new Map(positions.map((p: any) => [p.position_id, p]))
    expect(byId.get(failedId)).toMatchObject({
      outcome: PositionOutcome.Failed,
      product_id: 'dual-btc-low',
      coin: 'USDT',
      amount: '1000',
      received: [{ coin: 'USDT', amount: '1000' }],
      dual: { stage: DualStage.Failed, settled_coin: null, settled_amount: null },
    })
    const ok2 = byId.get(settledId) as any
    expect(ok2).toMatchObject({ outcome: PositionOutcome.Settled, amount: '100' })
    expect(ok2.dual.stage).toBe(DualStage.Completed)
    // What came back is the settlement's coin and amount, as the position records them.
    expect(ok2.received).toEqual([{ coin: ok2.dual.settled_coin, amount: ok2.dual.settled_amount }])
    // The refund is the whole principal: FUNDING is back where it was less the settled 100.
    const settledUsdt = ok2.dual.settled_coin === 'USDT' ? ok2.dual.settled_amount : '0'
    expect((await funding()).minus(before).toFixed()).toBe(
      new Decimal(settledUsdt).minus(100).toFixed(),
    )
  })

  it('a redeemed flexible and a matured fixed term each say how they ended', async () => {
    const flex = (await ok('pay-order', { order_id: oid(), product_id: 'flex-usdt', amount: '50' }))
      .order
    const fixed = (
      await ok('pay-order', { order_id: oid(), product_id: 'fixed-usdt-7', amount: '20' })
    ).order
    await ok('redeem', { order_id: oid(), position_id: flex.position_id })
    await ok('test/advance-clock', { seconds: 7 * DAY_S + 60 })
    kyc2 = await loginDemo(t, 'kyc2')
    const { positions } = await history()
    const redeemed = positions.find((p: any) => p.position_id === flex.position_id)
    expect(redeemed).toMatchObject({ outcome: PositionOutcome.Redeemed, amount: '50', dual: null })
    expect(redeemed.received).toEqual([{ coin: 'USDT', amount: '50' }])
    const matured = positions.find((p: any) => p.position_id === fixed.position_id)
    expect(matured).toMatchObject({ outcome: PositionOutcome.Matured, amount: '20' })
    // Principal plus the term's yield came back.
    expect(new Decimal(matured.received[0].amount).gt(20)).toBe(true)
    expect(new Decimal(matured.received[0].amount).minus(20).toFixed()).toBe(matured.total_yield)
    // Last closed first.
    expect(positions[0].position_id).toBe(fixed.position_id)
  })

  it('pages with a cursor, filters by product type, refuses a forged cursor', async () => {
    const all = (await history()).positions.map((p: any) => p.position_id)
    expect(all.length).toBe(4)
    const seen: string[] = []
    let cursor: string | undefined
    for (let i = 0; i < 10; i++) {
      const page = await history({ limit: 1, ...(cursor ? { cursor } : {}) })
      seen.push(...page.positions.map((p: any) => p.position_id))
      cursor = page.next_cursor ?? undefined
      if (!cursor) break
    }
    expect(seen).toEqual(all)
    const dual = (await history({ product_types: [2] })).positions.map((p: any) => p.position_id)
    expect(dual.sort()).toEqual([failedId, settledId].sort())
    expect((await earn(t, 'get-position-history', { cursor: '1.x' }, kyc2)).ret_code).toBe(10001)
    expect((await earn(t, 'get-position-history', {})).ret_code).toBe(10007)
    // Another user sees none of these.
    const other = await loginDemo(t, 'kyc1')
    expect((await earn(t, 'get-position-history', {}, other)).result.positions).toEqual([])
  })

  it('test/price-gap: only the caller’s dual positions; absent (404) without TEST_MODE', async () => {
    const other = await loginDemo(t, 'kyc1')
    expect((await earn(t, 'test/price-gap', { position_id: failedId }, other)).ret_code).toBe(602)
    const app = createApp({
      db: t.db,
      dbKind: t.database.kind,
      config: testConfig({ TEST_MODE: false }),
      clock: t.clock,
    })
    const res = await app.request(`${EARN}/test/price-gap`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: HOST, cookie: kyc2 },
      body: JSON.stringify({ position_id: failedId }),
    })
    expect(res.status).toBe(404)
  })
})
