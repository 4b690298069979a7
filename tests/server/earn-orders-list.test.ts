import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getOrderDetailResponse, getOrdersResponse } from '../../contract/earn-order.schema'
import { LiquidityOperation, OrderStatus, ProductType } from '../../contract/enums'
import { createTestApp, type TestApp } from '../support/test-app'
import { earn, loginDemo, oid, setSetting } from './support/earn'

// get-orders / get-order-detail: the user's orders by status, cursor-paged (docs/api.md).

let t: TestApp
let kyc2: string
let kyc1: string
const ids = { flex: oid('flex'), refused: oid('refused'), liq: oid('liq'), redeem: oid('rdm') }
let liqPosition = ''

beforeAll(async () => {
  t = await createTestApp()
  kyc2 = await loginDemo(t, 'kyc2')
  kyc1 = await loginDemo(t, 'kyc1')
  await setSetting(t, 'order_rate_limit_per_minute', '600')
  const pay = (order_id: string, product_id: string, amount: string, extra: object = {}) =>
    earn(t, 'pay-order', { order_id, product_id, amount, ...extra }, kyc2)
  const flex = await pay(ids.flex, 'flex-usdt', '100')
  expect(flex.ret_code, flex.ret_msg).toBe(0)
  // More BTC than the user holds: refused with 303 and recorded as failed.
  expect((await pay(ids.refused, 'flex-btc', '4')).ret_code).toBe(303)
  const liq = await pay(ids.liq, 'liq-btc-usdt', '50', { leverage: '2' })
  expect(liq.ret_code, liq.ret_msg).toBe(0)
  liqPosition = liq.result.order.position_id
  const redeem = await earn(
    t,
    'redeem',
    { order_id: ids.redeem, position_id: flex.result.order.position_id },
    kyc2,
  )
  expect(redeem.ret_code, redeem.ret_msg).toBe(0)
})
afterAll(() => t.close())

const list = (body: object, cookie = kyc2) => earn(t, 'get-orders', body, cookie)
const idsOf = (res: { result: { orders: { order_id: string }[] } }) =>
  res.result.orders.map((o) => o.order_id)

describe('get-orders', () => {
  it('lists by status: success, failed (the refusal and its code), inprogress (a liquidity add)', async () => {
    const success = await list({ status: OrderStatus.Success })
    expect(success.ret_code, success.ret_msg).toBe(0)
    expect(getOrdersResponse.safeParse(success.result).success).toBe(true)
    expect(idsOf(success)).toEqual(expect.arrayContaining([ids.flex, ids.redeem]))
    expect(idsOf(success)).not.toContain(ids.refused)
    expect(success.result.orders.every((o: any) => o.status === OrderStatus.Success)).toBe(true)

    const failed = await list({ status: OrderStatus.Failed })
    const refused = failed.result.orders.find((o: any) => o.order_id === ids.refused)
    expect(refused).toMatchObject({
      action: 'pay',
      product_id: 'flex-btc',
      coin: 'BTC',
      amount: '4',
      fail_code: 303,
      position_id: null,
    })
    expect(idsOf(failed)).not.toContain(ids.flex)

    const pending = await list({ status: OrderStatus.InProgress })
    expect(idsOf(pending)).toEqual([ids.liq])
    expect(pending.result.orders[0]).toMatchObject({
      product_type: ProductType.Liquidity,
      amount: '50',
      position_id: liqPosition,
    })
  })

  it('a redeem takes its product and coin from the position and its amount from the answer', async () => {
    const res = await list({ status: OrderStatus.Success })
    const redeem = res.result.orders.find((o: any) => o.order_id === ids.redeem)
    expect(redeem).toMatchObject({
      action: 'redeem',
      product_id: 'flex-usdt',
      product_type: ProductType.Flexible,
      coin: 'USDT',
      amount: '100',
    })
  })

  it('filters by product type, including orders that only know their position', async () => {
    const res = await list({ product_type: ProductType.Flexible })
    expect(idsOf(res)).toEqual(expect.arrayContaining([ids.flex, ids.redeem, ids.refused]))
    expect(idsOf(res)).not.toContain(ids.liq)
  })

  it('pages with the cursor: newest first, every order once, null after the last page', async () => {
    const all = idsOf(await list({ limit: 100 }))
    expect(all.length).toBeGreaterThanOrEqual(4)
    const seen: string[] = []
    let cursor: string | undefined
    for (let i = 0; i < 20; i++) {
      const page = await list({ limit: 1, ...(cursor ? { cursor } : {}) })
      expect(page.ret_code, page.ret_msg).toBe(0)
      expect(page.result.orders.length).toBeLessThanOrEqual(1)
      seen.push(...idsOf(page))
      cursor = page.result.next_cursor ?? undefined
      if (!cursor) break
    }
    expect(seen).toEqual(all)
    const created = (await list({ limit: 100 })).result.orders.map((o: any) => o.created_at)
    expect([...created].sort((a, b) => b - a)).toEqual(created)
  })

  it("never shows another user's orders", async () => {
    const other = await list({ limit: 100 }, kyc1)
    expect(other.ret_code).toBe(0)
    expect(idsOf(other)).not.toEqual(expect.arrayContaining([ids.flex]))
    for (const id of Object.values(ids)) expect(idsOf(other)).not.toContain(id)
  })

  it.each([
    ['an unknown status', { status: 'done' }],
    ['a bad cursor', { cursor: 'abc' }],
    ['a limit over 100', { limit: 101 }],
    ['an unknown field', { page: 2 }],
  ])('%s → 10001 envelope', async (_, body) => {
    const res = await list(body)
    expect(res).toMatchObject({ ret_code: 10001, result: {} })
    expect(res.ret_msg).toBeTruthy()
  })

  it('logged out → 10007', async () => {
    expect((await earn(t, 'get-orders', {})).ret_code).toBe(10007)
  })
})

describe('get-order-detail', () => {
  it('a failed order carries its code and message', async () => {
    const res = await earn(t, 'get-order-detail', { order_id: ids.refused }, kyc2)
    expect(res.ret_code, res.ret_msg).toBe(0)
    expect(getOrderDetailResponse.safeParse(res.result).success).toBe(true)
    expect(res.result.order).toMatchObject({ status: OrderStatus.Failed, fail_code: 303 })
    expect(res.result.order.fail_message).toBeTruthy()
  })

  it('a redeem shows principal, yield paid and forfeited; a liquidity operation its kind', async () => {
    const redeem = await earn(t, 'get-order-detail', { order_id: ids.redeem }, kyc2)
    expect(redeem.result.order).toMatchObject({ principal: '100', fail_message: null })
    expect(redeem.result.order.yield_paid).not.toBeNull()
    // Make the add effective, then reinvest nothing → refused; reduce leverage → recorded.
    expect((await earn(t, 'confirm-order', { order_id: ids.liq }, kyc2)).ret_code).toBe(0)
    const op = oid('lev')
    const reduce = await earn(
      t,
      'operate-liquidity',
      {
        order_id: op,
        position_id: liqPosition,
        operation: LiquidityOperation.ReduceLeverage,
        leverage: '1.5',
      },
      kyc2,
    )
    expect(reduce.ret_code, reduce.ret_msg).toBe(0)
    const detail = await earn(t, 'get-order-detail', { order_id: op }, kyc2)
    expect(detail.result.order).toMatchObject({
      action: 'liquidity',
      liquidity_operation: LiquidityOperation.ReduceLeverage,
      product_id: 'liq-btc-usdt',
      position_id: liqPosition,
      status: OrderStatus.Success,
    })
    // The confirmed add moved from inprogress to success.
    expect(idsOf(await list({ status: OrderStatus.InProgress }))).not.toContain(ids.liq)
  })

  it("another user's order looks missing: 602, same as an unknown id", async () => {
    const theirs = await earn(t, 'get-order-detail', { order_id: ids.flex }, kyc1)
    const unknown = await earn(t, 'get-order-detail', { order_id: oid('nope') }, kyc1)
    expect(theirs.ret_code).toBe(602)
    expect(unknown.ret_code).toBe(602)
    expect(theirs.ret_msg).toBe(unknown.ret_msg)
    expect(theirs.result).toEqual({})
  })

  it('a malformed id → 10001', async () => {
    expect((await earn(t, 'get-order-detail', { order_id: 'x' }, kyc2)).ret_code).toBe(10001)
  })
})
