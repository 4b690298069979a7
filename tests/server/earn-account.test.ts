import Decimal from 'decimal.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getAssetsSummaryV2Response, getUserPnlResponse } from '../../contract/earn-account.schema'
import { getUserLiquiditySummaryResponse } from '../../contract/earn-liquidity.schema'
import { AccountType, LiquidityPositionStatus } from '../../contract/enums'
import { createTestApp, type TestApp } from '../support/test-app'
import { earn, loginDemo, oid } from './support/earn'

const HOUR = 3600
let t: TestApp
let kyc2: string
let walled: string

beforeAll(async () => {
  t = await createTestApp()
  kyc2 = await loginDemo(t, 'kyc2')
  walled = await loginDemo(t, 'walled')
  for (const [product, amount] of [
    ['flex-usdt', '1000'],
    ['flex-btc', '0.1'],
    ['pos-sol', '10'],
  ]) {
    const res = await earn(t, 'pay-order', { order_id: oid(), product_id: product, amount }, kyc2)
    expect(res.ret_code, res.ret_msg).toBe(0)
  }
  await earn(t, 'test/advance-clock', { seconds: 30 * HOUR })
})
afterAll(() => t.close())

describe('the user side of earn', () => {
  it('get-user-balance: balances per coin and account type, vouchers with derived states', async () => {
    const res = await earn(t, 'get-user-balance', { coin: 'usdt' }, kyc2)
    const types = res.result.balances
      .map((b: any) => b.account_type)
      .sort((a: number, b: number) => a - b)
    expect(types).toEqual([
      AccountType.SPOT,
      AccountType.UTA,
      AccountType.FUNDING,
      AccountType.EARN,
    ])
    const statuses = Object.fromEntries(
      res.result.vouchers.map((v: any) => [v.voucher_id.split('-').pop(), v.status]),
    )
    expect(statuses).toEqual({ boost: 2, bonus: 2, old: 3 })
    const earnOnly = await earn(t, 'get-user-balance', { account_type: 100 }, kyc2)
    expect(earnOnly.result.balances.every((b: any) => b.account_type === 100)).toBe(true)
  })

  it('get-positions: open positions with yield, filterable by coin and type', async () => {
    const all = (await earn(t, 'get-positions', {}, kyc2)).result.positions
    expect(all).toHaveLength(3)
    expect(all.every((p: any) => new Decimal(p.claimable_yield).gt(0))).toBe(true)
    const sol = (await earn(t, 'get-positions', { coin: 'SOL', product_types: [8] }, kyc2)).result
      .positions
    expect(sol.map((p: any) => p.product_id)).toEqual(['pos-sol'])
  })

  it('get-user-wallet-records: derived from postings, cursor-paged, filtered by coin, type and time', async () => {
    const first = await earn(t, 'get-user-wallet-records', { limit: 5 }, kyc2)
    expect(first.result.records).toHaveLength(5)
    expect(first.result.next_cursor).not.toBeNull()
    const second = await earn(
      t,
      'get-user-wallet-records',
      { limit: 5, cursor: first.result.next_cursor },
      kyc2,
    )
    const ids = [...first.result.records, ...second.result.records].map((r: any) =>
      Number(r.record_id),
    )
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect(new Set(ids).size).toBe(ids.length)
    const stakes = await earn(t, 'get-user-wallet-records', { types: ['Stake'], coin: 'SOL' }, kyc2)
    expect(stakes.result.records).toEqual([
      expect.objectContaining({
        type: 'Stake',
        coin: 'SOL',
        amount: '-10',
        from_account: 6,
        to_account: 100,
        product_id: 'pos-sol',
      }),
    ])
    const yields = await earn(t, 'get-user-wallet-records', { types: ['Yield'], limit: 100 }, kyc2)
    expect(yields.result.records.length).toBeGreaterThan(0)
    const future = await earn(t, 'get-user-wallet-records', { start_time: 4_000_000_000 }, kyc2)
    expect(future.result).toEqual({ records: [], next_cursor: null })
  })

  it('get-assets-summary-v2: USD totals priced by the simulator', async () => {
    const res = getAssetsSummaryV2Response.parse(
      (await earn(t, 'get-assets-summary-v2', {}, kyc2)).result,
    )
    const sum = res.coins.reduce((s, c) => s.plus(c.usd_value), new Decimal(0))
    expect(new Decimal(res.total_usd).minus(sum).abs().lte(0.05)).toBe(true)
    const usdt = res.coins.find((c) => c.coin === 'USDT')!
    expect(usdt.usd_price).toBe('1')
    expect(new Decimal(res.total_yield_usd).gt(0)).toBe(true)
    expect(res.by_product_type.map((x) => x.product_type)).toEqual([4, 8])
  })

  it('get-user-pnl: one entry per day with cumulative USD', async () => {
    const res = getUserPnlResponse.parse((await earn(t, 'get-user-pnl', { days: 3 }, kyc2)).result)
    expect(res.days).toHaveLength(3)
    expect(res.days[2]!.cumulative_usd).toBe(res.total_usd)
    expect(new Decimal(res.total_usd).gt(0)).toBe(true)
  })

  it('auto-savings status and edit', async () => {
    const before = await earn(t, 'get-auto-savings-open-status', { coin: 'USDT' }, kyc2)
    expect(before.result.items).toEqual([
      { coin: 'USDT', open: false, product_id: 'flex-usdt', updated_at: null },
    ])
    const edit = await earn(t, 'edit-auto-savings', { coin: 'USDT', open: true }, kyc2)
    expect(edit.result.open).toBe(true)
    const after = await earn(t, 'get-auto-savings-open-status', {}, kyc2)
    expect(after.result.items.find((i: any) => i.coin === 'USDT').open).toBe(true)
    expect((await earn(t, 'edit-auto-savings', { coin: 'DOGE', open: true }, kyc2)).ret_code).toBe(
      10001,
    )
    expect(
      (await earn(t, 'edit-auto-savings', { coin: 'USDT', open: true }, walled)).ret_code,
    ).toBe(10024)
  })
})

describe('liquidity mining', () => {
  it('Add → AddPending → Effective; Reinvest 3; ReduceLeverage 4; Remove 2 → RemovePending → removed', async () => {
    const add = await earn(
      t,
      'pay-order',
      { order_id: oid(), product_id: 'liq-btc-usdt', amount: '200', leverage: '3' },
      kyc2,
    )
    const positionId = add.result.order.position_id
    await earn(t, 'test/advance-clock', { seconds: 60 }) // the job confirms pending adds
    await earn(t, 'test/advance-clock', { seconds: 5 * HOUR })
    const summary = getUserLiquiditySummaryResponse.parse(
      (await earn(t, 'get-user-liquidity-summary', {}, kyc2)).result,
    )
    expect(summary.pools.map((p) => p.pair)).toEqual(['BTC-USDT', 'ETH-USDT'])
    // Each pool tells its per-order limits, so the client can hold an add to them.
    expect(summary.pools.map((p) => [p.min_amount, p.max_amount])).toEqual([
      ['10', '200000'],
      ['10', '100000'],
    ])
    const pos = summary.positions.find((p) => p.position_id === positionId)!
    expect(pos.status).toBe(LiquidityPositionStatus.Effective)
    const claimable = pos.claimable_yield
    expect(new Decimal(claimable).gt(0)).toBe(true)
    const op = (operation: number, extra = {}) =>
      earn(
        t,
        'operate-liquidity',
        { order_id: oid(), position_id: positionId, operation, ...extra },
        kyc2,
      )
    const reinvest = await op(3)
    expect(reinvest.result.principal).toBe(new Decimal(200).plus(claimable).toFixed())
    expect((await op(3)).ret_code).toBe(304)
    expect((await op(4, { leverage: '1.5' })).result.leverage).toBe('1.5')
    expect((await op(4, { leverage: '2' })).ret_code).toBe(10001)
    expect((await op(2)).result.status).toBe(LiquidityPositionStatus.RemovePending)
    await earn(t, 'test/advance-clock', { seconds: 60 })
    const after = (
      await earn(t, 'get-positions', { include_closed: true, product_types: [5] }, kyc2)
    ).result.positions
    expect(after.find((p: any) => p.position_id === positionId)).toMatchObject({
      status: 'redeemed',
      liquidity_status: null,
    })
    const removes = await earn(
      t,
      'get-user-wallet-records',
      { types: ['Remove', 'Reinvest', 'ReduceLeverage', 'Add'] },
      kyc2,
    )
    expect(removes.result.records.map((r: any) => r.type)).toEqual([
      'Remove',
      'ReduceLeverage',
      'Reinvest',
      'Add',
    ])
  })

  it('swap quote from the simulator with the fee', async () => {
    const res = await earn(t, 'get-swap-quote', {
      from_coin: 'USDT',
      to_coin: 'USDC',
      amount: '100',
    })
    expect(res.result).toMatchObject({ price: '1', to_amount: '99.9', fee_rate: '0.001' })
    expect(
      (await earn(t, 'get-swap-quote', { from_coin: 'USDT', to_coin: 'NOPE', amount: '1' }))
        .ret_code,
    ).toBe(10001)
  })
})

describe.each([
  ['get-user-balance', {}, { account_type: 7 }],
  ['get-positions', {}, { include_closed: 'yes' }],
  ['get-user-wallet-records', {}, { cursor: 'abc' }],
  ['get-assets-summary-v2', {}, { x: 1 }],
  ['get-user-pnl', {}, { days: 0 }],
  ['get-auto-savings-open-status', {}, { coin: 5 }],
  ['edit-auto-savings', { coin: 'USDT', open: false }, { coin: 'USDT' }],
  ['get-user-liquidity-summary', {}, { x: 1 }],
  [
    'operate-liquidity',
    { order_id: 'op-00000001', position_id: 'p', operation: 2 },
    { order_id: 'op-00000001', position_id: 'p', operation: 1 },
  ],
])('%s', (call, good, bad) => {
  it('10007 logged out', async () => {
    expect((await earn(t, call, good)).ret_code).toBe(10007)
  })
  it('10001 bad input', async () => {
    expect((await earn(t, call, bad, kyc2)).ret_code).toBe(10001)
  })
})
