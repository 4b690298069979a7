import Decimal from 'decimal.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountType, OrderStatus } from '../../contract/enums'
import { createTestApp, type TestApp } from '../support/test-app'
import { balance, DEMO_IDS, earn, loginDemo, oid } from './support/earn'

let t: TestApp
let kyc2: string

beforeAll(async () => {
  t = await createTestApp()
  kyc2 = await loginDemo(t, 'kyc2')
})
afterAll(() => t.close())

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
      product_id: 'flex-usdt',
    })
    const after = await balance(t.db, DEMO_IDS.kyc2, 'USDT', AccountType.FUNDING)
    expect(new Decimal(before).minus(after).toFixed()).toBe('100')
    const positions = await earn(t, 'get-positions', {}, kyc2)
    expect(
      positions.result.positions.find((p: any) => p.product_id === 'flex-usdt').principal,
    ).toBe('100')
  })

  it('answers the same id twice with the same order and pays once', async () => {
    const id = oid()
    const body = { order_id: id, product_id: 'flex-eth', amount: '0.5' }
    const first = await earn(t, 'pay-order', body, kyc2)
    const before = await balance(t.db, DEMO_IDS.kyc2, 'ETH', AccountType.FUNDING)
    const second = await earn(t, 'pay-order', body, kyc2)
    expect(second).toMatchObject({ ret_code: 0, result: first.result })
    expect(await balance(t.db, DEMO_IDS.kyc2, 'ETH', AccountType.FUNDING)).toBe(before)
    const other = await earn(t, 'pay-order', { ...body, amount: '0.6' }, kyc2)
    expect(other.ret_code).toBe(344)
  })
})
