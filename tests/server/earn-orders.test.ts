import Decimal from 'decimal.js'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AccountType, OrderStatus, ProductType } from '../../contract/enums'
import { GrayReleaseScene } from '../../contract/gray-release-scenes'
import { NotEligibleExtCode } from '../../contract/order-ret-codes'
import { rowsOf } from '../../server/db/rows'
import { createTestApp, type TestApp } from '../support/test-app'
import {
  acknowledgeRisk,
  balance,
  DEMO_IDS,
  earn,
  loginDemo,
  oid,
  setSetting,
  whitelistUser,
} from './support/earn'

let t: TestApp
let kyc2: string
let kyc1: string
let kyc0: string
let blocked: string
let walled: string

beforeAll(async () => {
  t = await createTestApp()
  kyc2 = await loginDemo(t, 'kyc2')
  kyc1 = await loginDemo(t, 'kyc1')
  kyc0 = await loginDemo(t, 'kyc0')
  blocked = await loginDemo(t, 'blocked')
  walled = await loginDemo(t, 'walled')
  // The structured products paid below: their risk acknowledged once (10412 otherwise).
  for (const cookie of [kyc2, kyc1])
    for (const type of [ProductType.Dual, ProductType.FUTUREBOOST])
      await acknowledgeRisk(t, cookie, type)
})
afterAll(() => t.close())
beforeEach(async () => {
  await setSetting(t, 'maintenance', 'off')
  await setSetting(t, 'order_rate_limit_per_minute', '600')
  await setSetting(t, 'max_pending_orders', '5')
})

const pay = (body: object, cookie?: string) =>
  earn(t, 'pay-order', { order_id: oid(), ...body }, cookie)

describe('pay-order', () => {
  it('moves funds FUNDING → EARN in one posting and opens a position', async () => {
    const before = await balance(t.db, DEMO_IDS.kyc2, 'USDT', AccountType.FUNDING)
    const id = oid()
    const res = await earn(
      t,
      'pay-order',
      { order_id: id, product_id: 'flex-usdt', amount: '100' },
      kyc2,
    )
    expect(res.ret_code, res.ret_msg).toBe(0)
    expect(res.result.order).toMatchObject({
      order_id: id,
      status: OrderStatus.Success,
      amount: '100',
    })
    const after = await balance(t.db, DEMO_IDS.kyc2, 'USDT', AccountType.FUNDING)
    expect(new Decimal(before).minus(after).toFixed()).toBe('100')
    const positions = await earn(t, 'get-positions', {}, kyc2)
    const flex = positions.result.positions.find((p: any) => p.product_id === 'flex-usdt')
    expect(flex.principal).toBe('100')
  })

  it('answers the same id twice with the same order and pays once; another payload → 344', async () => {
    const body = { order_id: oid(), product_id: 'flex-eth', amount: '0.5' }
    const first = await earn(t, 'pay-order', body, kyc2)
    const before = await balance(t.db, DEMO_IDS.kyc2, 'ETH', AccountType.FUNDING)
    const second = await earn(t, 'pay-order', { ...body, amount: '0.50' }, kyc2)
    expect(second).toMatchObject({ ret_code: 0, result: first.result })
    expect(await balance(t.db, DEMO_IDS.kyc2, 'ETH', AccountType.FUNDING)).toBe(before)
    expect((await earn(t, 'pay-order', { ...body, amount: '0.6' }, kyc2)).ret_code).toBe(344)
  })

  it('replays a refusal: the same id after a 303 answers 303 again', async () => {
    const body = { order_id: oid(), product_id: 'flex-btc', amount: '4' }
    expect((await earn(t, 'pay-order', body, kyc2)).ret_code).toBe(303)
    expect((await earn(t, 'pay-order', body, kyc2)).ret_code).toBe(303)
  })

  it.each([
    ['302 sold out', { product_id: 'fixed-usdt-30', amount: '100' }, 302],
    ['303 insufficient balance', { product_id: 'flex-btc', amount: '1' }, 303],
    ['320 below the minimum', { product_id: 'fixed-usdc-90', amount: '1' }, 320],
    [
      '320 over the per-user maximum',
      { product_id: 'futureboost-btc', amount: '5001', quote_price: '1' },
      320,
    ],
    ['325 not started', { product_id: 'launch-mnt', amount: '100' }, 325],
    ['340 quote price moved', { product_id: 'dual-btc-low', amount: '100', quote_price: '1' }, 340],
  ])('%s', async (_name, body, code) => {
    const res = await pay(body, kyc2)
    expect(res.ret_code, res.ret_msg).toBe(code)
  })

  it('302 when the quota runs out even though the card looked open', async () => {
    const { db } = t
    await db.execute(
      `update products set remaining_quota = 0.005 where id = 'networth-btc'` as never,
    )
    expect((await pay({ product_id: 'networth-btc', amount: '0.01' }, kyc2)).ret_code).toBe(302)
    expect((await pay({ product_id: 'networth-btc', amount: '0.005' }, kyc2)).ret_code).toBe(0)
  })

  it('334 for KYC below the product level and for tag-blocked users', async () => {
    // Both on the Internal stage's whitelist, so the KYC level is what decides (gray release:
    // security/gray-release.test.ts).
    for (const id of [DEMO_IDS.kyc0, DEMO_IDS.kyc1])
      await whitelistUser(t, GrayReleaseScene.StructuredProducts, id)
    // ext_code says which check refused: the level (the UI offers verification), or nothing
    // the user can change (tag-blocked: no ext_code, no action).
    expect(await pay({ product_id: 'structured-eth', amount: '0.1' }, kyc0)).toMatchObject({
      ret_code: 334,
      ext_code: NotEligibleExtCode.KycRequired,
    })
    expect((await pay({ product_id: 'structured-eth', amount: '0.1' }, kyc1)).ret_code).toBe(0)
    const refused = await pay({ product_id: 'flex-usdt', amount: '10' }, blocked)
    expect(refused.ret_code).toBe(334)
    expect((refused as { ext_code?: string }).ext_code ?? '').toBe('')
  })

  it('334 with ext_code ended once the subscription window has closed', async () => {
    const [row] = rowsOf<{ end: string | null }>(
      await t.db.execute(
        sql`select subscribe_end_at::text as end from products where id = 'fixed-usdt-7'`,
      ),
    )
    await t.db.execute(
      sql`update products set subscribe_end_at = now() - interval '1 day' where id = 'fixed-usdt-7'`,
    )
    try {
      expect(await pay({ product_id: 'fixed-usdt-7', amount: '100' }, kyc2)).toMatchObject({
        ret_code: 334,
        ext_code: NotEligibleExtCode.Ended,
      })
    } finally {
      await t.db.execute(
        sql`update products set subscribe_end_at = ${row!.end}::timestamptz where id = 'fixed-usdt-7'`,
      )
    }
  })

  it('325 for a product the operator took offline: it takes no orders now, for anyone', async () => {
    await t.db.execute(`update products set offline = 1 where id = 'flex-eth'` as never)
    try {
      expect((await pay({ product_id: 'flex-eth', amount: '0.01' }, kyc2)).ret_code).toBe(325)
    } finally {
      await t.db.execute(`update products set offline = 0 where id = 'flex-eth'` as never)
    }
  })

  it('336 with too many orders in progress (liquidity adds wait for confirmation)', async () => {
    await setSetting(t, 'max_pending_orders', '2')
    expect((await pay({ product_id: 'liq-eth-usdt', amount: '10' }, kyc1)).ret_code).toBe(0)
    expect((await pay({ product_id: 'liq-eth-usdt', amount: '10' }, kyc1)).ret_code).toBe(0)
    expect((await pay({ product_id: 'liq-eth-usdt', amount: '10' }, kyc1)).ret_code).toBe(336)
  })

  it('315 over the order rate limit', async () => {
    await setSetting(t, 'order_rate_limit_per_minute', '2')
    t.clock.advance(61_000) // earlier tests' orders leave the one-minute window
    const codes = []
    for (let i = 0; i < 3; i++)
      codes.push((await pay({ product_id: 'flex-eth', amount: '0.01' }, kyc0)).ret_code)
    expect(codes).toEqual([0, 0, 315])
    t.clock.advance(61_000)
    expect((await pay({ product_id: 'flex-eth', amount: '0.01' }, kyc0)).ret_code).toBe(0)
  })

  it('600 while the operator switched maintenance on', async () => {
    await setSetting(t, 'maintenance', 'on')
    expect((await pay({ product_id: 'flex-usdt', amount: '10' }, kyc2)).ret_code).toBe(600)
    expect((await earn(t, 'get-homepage-product-cards', {})).ret_code).toBe(0)
  })

  it('10024 for a compliance-walled user, 10007 logged out', async () => {
    expect((await pay({ product_id: 'flex-usdt', amount: '10' }, walled)).ret_code).toBe(10024)
    expect((await pay({ product_id: 'flex-usdt', amount: '10' })).ret_code).toBe(10007)
  })

  it.each([
    ['a float amount', { order_id: 'order-0001', product_id: 'flex-usdt', amount: 10 }],
    ['a negative amount', { order_id: 'order-0002', product_id: 'flex-usdt', amount: '-1' }],
    ['zero', { order_id: 'order-0003', product_id: 'flex-usdt', amount: '0' }],
    ['a short order id', { order_id: 'x', product_id: 'flex-usdt', amount: '1' }],
    ['an unknown product', { order_id: 'order-0004', product_id: 'nope', amount: '1' }],
    ['an unknown field', { order_id: 'order-0005', product_id: 'flex-usdt', amount: '1', x: 1 }],
    [
      'a dual order without a quote',
      { order_id: 'order-0006', product_id: 'dual-btc-low', amount: '100' },
    ],
  ])('10001 for %s', async (_name, body) => {
    expect((await earn(t, 'pay-order', body, kyc2)).ret_code).toBe(10001)
  })

  it('applies a bonus voucher once (used 4) and refuses it the second time (334)', async () => {
    const v = `v-${DEMO_IDS.kyc2}-bonus`
    const before = new Decimal(await balance(t.db, DEMO_IDS.kyc2, 'USDT', AccountType.FUNDING))
    const res = await pay({ product_id: 'fixed-usdc-90', amount: '100', voucher_id: v }, kyc2)
    // The bonus is for USDT fixed terms only: 334 with the voucher as the reason.
    expect(res).toMatchObject({ ret_code: 334, ext_code: NotEligibleExtCode.Voucher })
    const ok = await pay({ product_id: 'fixed-usdt-7', amount: '100', voucher_id: v }, kyc2)
    expect(ok.ret_code, ok.ret_msg).toBe(0)
    const after = new Decimal(await balance(t.db, DEMO_IDS.kyc2, 'USDT', AccountType.FUNDING))
    expect(before.minus(after).toFixed()).toBe('95')
    const bal = await earn(t, 'get-user-balance', {}, kyc2)
    expect(bal.result.vouchers.find((x: any) => x.voucher_id === v).status).toBe(4)
    // Used: refused again, and a replay of that refused order id gives the same reason.
    const again = { order_id: oid(), product_id: 'fixed-usdt-7', amount: '100', voucher_id: v }
    for (let i = 0; i < 2; i++)
      expect(await earn(t, 'pay-order', again, kyc2)).toMatchObject({
        ret_code: 334,
        ext_code: NotEligibleExtCode.Voucher,
      })
  })
})

describe('preview-order', () => {
  it('estimates tiered yield, dates, limits and the voucher boost', async () => {
    const res = await earn(
      t,
      'preview-order',
      { product_id: 'flex-usdt', amount: '1000', voucher_id: `v-${DEMO_IDS.kyc1}-boost` },
      kyc1,
    )
    expect(res.ret_code, res.ret_msg).toBe(0)
    expect(res.result).toMatchObject({
      apr: '0.12',
      effective_apr: '0.14',
      maturity_at: null,
      quote: null,
      bonus: '0',
    })
    expect(res.result.estimated_daily_yield).toBe(
      new Decimal(1000).times('0.14').div(365).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(),
    )
    expect(res.result.value_date % 3600).toBe(0)
  })

  it('gives a quote for priced products and maturity for terms', async () => {
    const res = await earn(t, 'preview-order', { product_id: 'dual-btc-low', amount: '100' }, kyc1)
    expect(res.result.quote).toMatchObject({
      price: expect.stringMatching(/^\d/),
      tolerance: '0.005',
    })
    expect(res.result.maturity_at - res.result.subscribe_at).toBe(3 * 86400)
    const paid = await pay(
      { product_id: 'dual-btc-low', amount: '100', quote_price: res.result.quote.price },
      kyc1,
    )
    expect(paid.ret_code, paid.ret_msg).toBe(0)
  })

  it.each([
    ['320', { product_id: 'flex-usdt', amount: '0.5' }, 320],
    ['302', { product_id: 'fixed-usdt-30', amount: '100' }, 302],
    ['325 (not started)', { product_id: 'launch-mnt', amount: '100' }, 325],
    ['10001', { product_id: 'flex-usdt' }, 10001],
  ])('%s', async (_n, body, code) => {
    expect((await earn(t, 'preview-order', body, kyc2)).ret_code).toBe(code)
  })

  it('10007 logged out, 10024 walled, 600 maintenance', async () => {
    const body = { product_id: 'flex-usdt', amount: '10' }
    expect((await earn(t, 'preview-order', body)).ret_code).toBe(10007)
    expect((await earn(t, 'preview-order', body, walled)).ret_code).toBe(10024)
    await setSetting(t, 'maintenance', 'on')
    expect((await earn(t, 'preview-order', body, kyc2)).ret_code).toBe(600)
  })
})

describe('confirm-order', () => {
  it('moves a liquidity add from inprogress to success and the position AddPending → Effective', async () => {
    const id = oid()
    const paid = await earn(
      t,
      'pay-order',
      { order_id: id, product_id: 'liq-btc-usdt', amount: '100', leverage: '2' },
      kyc2,
    )
    expect(paid.result.order.status).toBe('inprogress')
    const pos = (await earn(t, 'get-positions', { product_types: [5] }, kyc2)).result.positions[0]
    expect(pos.liquidity_status).toBe(0)
    const res = await earn(t, 'confirm-order', { order_id: id }, kyc2)
    expect(res.result.order.status).toBe('success')
    const after = (await earn(t, 'get-positions', { product_types: [5] }, kyc2)).result.positions[0]
    expect(after).toMatchObject({ liquidity_status: 1, leverage: '2' })
  })

  it('fails an in-progress order whose pool went offline and refunds it', async () => {
    const id = oid()
    await earn(t, 'pay-order', { order_id: id, product_id: 'liq-eth-usdt', amount: '10' }, kyc2)
    const before = await balance(t.db, DEMO_IDS.kyc2, 'USDT', AccountType.FUNDING)
    await t.db.execute(`update products set offline = 1 where id = 'liq-eth-usdt'` as never)
    const res = await earn(t, 'confirm-order', { order_id: id }, kyc2)
    await t.db.execute(`update products set offline = 0 where id = 'liq-eth-usdt'` as never)
    expect(res.result.order).toMatchObject({ status: 'failed', fail_code: 334 })
    const after = await balance(t.db, DEMO_IDS.kyc2, 'USDT', AccountType.FUNDING)
    expect(new Decimal(after).minus(before).toFixed()).toBe('10')
  })

  it('602 for an unknown order, 10007 logged out, 10001 bad input, 10024 walled', async () => {
    expect((await earn(t, 'confirm-order', { order_id: 'unknown-order' }, kyc2)).ret_code).toBe(602)
    expect((await earn(t, 'confirm-order', { order_id: 'unknown-order' })).ret_code).toBe(10007)
    expect((await earn(t, 'confirm-order', {}, kyc2)).ret_code).toBe(10001)
    expect((await earn(t, 'confirm-order', { order_id: 'unknown-order' }, walled)).ret_code).toBe(
      10024,
    )
  })
})

describe('maintenance (600) on every state-changing call', () => {
  it.each([
    ['confirm-order', { order_id: 'any-order-id' }],
    ['redeem', { order_id: 'any-order-id', position_id: 'p' }],
    ['claim-yield', { order_id: 'any-order-id' }],
    ['edit-auto-savings', { coin: 'USDT', open: true }],
    ['operate-liquidity', { order_id: 'any-order-id', position_id: 'p', operation: 2 }],
  ])('%s', async (call, body) => {
    await setSetting(t, 'maintenance', 'on')
    expect((await earn(t, call, body, kyc2)).ret_code).toBe(600)
    await setSetting(t, 'maintenance', 'off')
    expect((await earn(t, call, body, kyc2)).ret_code).not.toBe(600)
  })
})
