import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Decimal from 'decimal.js'
import { AccountType, ProductType } from '../../contract/enums'
import { BillExportRetCode, OrderRetCode } from '../../contract/order-ret-codes'
import { ExportStatus } from '../../contract/export-constants'
import { RetCode } from '../../contract/ret-codes'
import { createApp } from '../../server/app'
import { testConfig } from '../../server/config'
import { createTestApp, type TestApp } from '../support/test-app'
import {
  acknowledgeRisk,
  balance,
  countRows,
  DEMO_IDS,
  earn,
  loginDemo,
  oid,
  quotedOrder,
} from './support/earn'
import { HOST, loginAs } from './support/identity'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('604, the taxation code (docs/ui.md), from the seed', () => {
  it('taxform@earn.test (KR, no tax self-certification) gets 604 on preview and pay; nothing moves', async () => {
    const cookie = await loginAs(t, 'taxform@earn.test')
    const before = await balance(t.db, 100057, 'USDT', AccountType.FUNDING)
    const preview = await earn(
      t,
      'preview-order',
      { product_id: 'flex-usdt', amount: '100' },
      cookie,
    )
    expect(preview.ret_code).toBe(604)
    const pay = await earn(
      t,
      'pay-order',
      { order_id: oid(), product_id: 'flex-usdt', amount: '100' },
      cookie,
    )
    expect(pay.ret_code).toBe(604)
    expect(await balance(t.db, 100057, 'USDT', AccountType.FUNDING)).toBe(before)
    expect(await countRows(t.db, sql`select 1 from earn_positions where user_id = 100057`)).toBe(0)
  })

  it('other users preview the same order', async () => {
    const cookie = await loginDemo(t, 'kyc2')
    const preview = await earn(
      t,
      'preview-order',
      { product_id: 'flex-usdt', amount: '100' },
      cookie,
    )
    expect(preview.ret_code).toBe(0)
  })
})

describe('test/product-quota offline (TEST_MODE only)', () => {
  it('takes a product offline (pay-order answers 325, nothing moves) and back on sale', async () => {
    const cookie = await loginDemo(t, 'kyc2')
    const order = () =>
      earn(t, 'pay-order', { order_id: oid(), product_id: 'flex-usdt', amount: '10' }, cookie)
    const offline = (value: boolean) =>
      earn(t, 'test/product-quota', { product_id: 'flex-usdt', offline: value })
    expect((await offline(true)).ret_code).toBe(0)
    const before = await balance(t.db, DEMO_IDS.kyc2, 'USDT', AccountType.FUNDING)
    try {
      expect((await order()).ret_code).toBe(OrderRetCode.OrderUnavailable)
      expect(await balance(t.db, DEMO_IDS.kyc2, 'USDT', AccountType.FUNDING)).toBe(before)
    } finally {
      expect((await offline(false)).ret_code).toBe(0)
    }
    expect((await order()).ret_code).toBe(0)
    // Neither a quota nor the switch: nothing to set.
    expect((await earn(t, 'test/product-quota', { product_id: 'flex-usdt' })).ret_code).toBe(
      RetCode.InvalidRequest,
    )
  })
})

describe('test/seed-wallet-records (TEST_MODE only)', () => {
  it("adds the signed-in user's rows, newest first, cursor-paged, without moving a balance", async () => {
    const cookie = await loginDemo(t, 'blocked')
    const before = await balance(t.db, 100024, 'XRP', AccountType.FUNDING)
    const res = await earn(t, 'test/seed-wallet-records', { count: 250, coin: 'XRP' }, cookie)
    expect(res.ret_code).toBe(0)
    let cursor: string | undefined
    const seen: string[] = []
    do {
      const page = await earn(
        t,
        'get-user-wallet-records',
        { coin: 'XRP', limit: 100, ...(cursor ? { cursor } : {}) },
        cookie,
      )
      seen.push(...page.result.records.map((r: any) => r.record_id))
      cursor = page.result.next_cursor ?? undefined
    } while (cursor)
    expect(seen).toHaveLength(250)
    expect(new Set(seen).size).toBe(250)
    expect(await balance(t.db, 100024, 'XRP', AccountType.FUNDING)).toBe(before)
  })

  it('needs a session and a valid count', async () => {
    expect((await earn(t, 'test/seed-wallet-records', { count: 5, coin: 'XRP' })).ret_code).toBe(
      10007,
    )
    const cookie = await loginDemo(t, 'blocked')
    const bad = await earn(t, 'test/seed-wallet-records', { count: 0, coin: 'XRP' }, cookie)
    expect(bad.ret_code).toBe(10001)
  })

  it.each([
    ['test/seed-wallet-records', { count: 5, coin: 'XRP' }],
    ['test/pin-price', { coin: 'BTC', at: 1, price: '1' }],
    ['test/product-quota', { product_id: 'flex-usdt', remaining_quota: '0' }],
    ['test/seed-closed-positions', { count: 5, product_id: 'flex-usdt' }],
    ['test/kyc-level', { kyc_level: 0 }],
    ['test/export-state', { record_id: '1', status: ExportStatus.Failed }],
  ])('%s is absent (404) when TEST_MODE is off', async (path, body) => {
    const app = createApp({
      db: t.db,
      dbKind: t.database.kind,
      config: testConfig({ TEST_MODE: false }),
      clock: t.clock,
    })
    const res = await app.request(`/x-api/s1/byfi/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: HOST },
      body: JSON.stringify(body),
    })
    expect(res.status).toBe(404)
  })
})

describe('the Date header in TEST_MODE', () => {
  it('follows the moved clock (the client syncs its clock from it), and is left to Node otherwise', async () => {
    t.clock.advance(3_600_000)
    const res = await t.app.request('/x-api/health', { headers: { host: HOST } })
    const date = Date.parse(res.headers.get('date') ?? '')
    expect(Math.abs(date - t.clock.now().getTime())).toBeLessThan(2_000)
    expect(date - Date.now()).toBeGreaterThan(3_500_000)
    const plain = createApp({
      db: t.db,
      dbKind: t.database.kind,
      config: testConfig({ TEST_MODE: false }),
      clock: t.clock,
    })
    const off = await plain.request('/x-api/health', { headers: { host: HOST } })
    expect(off.headers.get('date')).toBeNull()
  })
})

describe('test/pin-price (TEST_MODE only)', () => {
  it("pins a coin's price at one second: a dual position settling then pays at it", async () => {
    const cookie = await loginDemo(t, 'insider')
    await acknowledgeRisk(t, cookie, ProductType.Dual)
    const paid = await earn(
      t,
      'pay-order',
      await quotedOrder(t, cookie, 'dual-btc-low', '100'),
      cookie,
    )
    expect(paid.ret_code, paid.ret_msg).toBe(0)
    const positionOf = async (c: string) =>
      (
        await earn(t, 'get-positions', { include_closed: true, product_types: [2] }, c)
      ).result.positions.find((p: any) => p.position_id === paid.result.order.position_id)
    const at = (await positionOf(cookie)).dual.settlement_at
    // Exactly the target: buy-low converts at or below it.
    const pinned = await earn(t, 'test/pin-price', { coin: 'BTC', at, price: '92000' })
    expect(pinned.ret_code).toBe(0)
    expect((await earn(t, 'test/pin-price', { coin: 'BTC', at, price: '-1' })).ret_code).toBe(10001)
    const moved = await earn(t, 'test/advance-clock', { seconds: 3 * 86_400 + 3600 }, cookie)
    expect(moved.ret_code).toBe(0)
    const settled = (await positionOf(await loginDemo(t, 'insider'))).dual
    expect(settled).toMatchObject({ settle_price: '92000.00', settled_coin: 'BTC' })
    const gross = new Decimal(100).times(new Decimal('0.452').times(3).div(365).plus(1))
    expect(settled.settled_amount).toBe(
      gross.div(92000).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(),
    )
  })
})

describe('test/earn-setting for_me (TEST_MODE only)', () => {
  it("puts only the caller in maintenance (600); null gives the default back; others' orders go on", async () => {
    const mine = await loginAs(t, 'codes@earn.test')
    const other = await loginAs(t, 'kyc1@earn.test')
    const body = { product_id: 'flex-usdt', amount: '10' }
    const set = (value: string | null) =>
      earn(t, 'test/earn-setting', { name: 'maintenance', value, for_me: true }, mine)
    expect((await set('on')).ret_code).toBe(0)
    expect((await earn(t, 'preview-order', body, mine)).ret_code).toBe(
      OrderRetCode.SystemMaintenance,
    )
    expect((await earn(t, 'preview-order', body, other)).ret_code).toBe(0)
    expect((await set(null)).ret_code).toBe(0)
    expect((await earn(t, 'preview-order', body, mine)).ret_code).toBe(0)
  })

  it('for_me needs a session (10007)', async () => {
    const res = await earn(t, 'test/earn-setting', {
      name: 'maintenance',
      value: 'on',
      for_me: true,
    })
    expect(res.ret_code).toBe(RetCode.LoginExpired)
  })
})

describe('test/earn-setting max_amount_per_user and test/kyc-level (TEST_MODE only)', () => {
  it('a personal cap under the amount answers 320 at preview and pay; null lifts it', async () => {
    const mine = await loginAs(t, 'sheet-codes@earn.test')
    const cap = (value: string | null) =>
      earn(t, 'test/earn-setting', { name: 'max_amount_per_user', value, for_me: true }, mine)
    const body = { product_id: 'flex-usdt', amount: '20' }
    expect((await cap('10')).ret_code).toBe(0)
    expect((await earn(t, 'preview-order', body, mine)).ret_code).toBe(OrderRetCode.OverLimit)
    const paid = await earn(t, 'pay-order', { ...body, order_id: oid('cap') }, mine)
    expect(paid.ret_code).toBe(OrderRetCode.OverLimit)
    expect((await cap(null)).ret_code).toBe(0)
    expect((await earn(t, 'preview-order', body, mine)).ret_code).toBe(0)
  })

  it("lowers the caller's KYC level: a KYC-2 product is then refused with 334, and back", async () => {
    const mine = await loginAs(t, 'sheet-codes@earn.test')
    const body = { product_id: 'fundpool-usdt', amount: '500' }
    const kyc = (level: number) => earn(t, 'test/kyc-level', { kyc_level: level }, mine)
    expect((await kyc(1)).ret_code).toBe(0)
    expect((await earn(t, 'preview-order', body, mine)).ret_code).toBe(OrderRetCode.NotEligible)
    expect((await kyc(2)).ret_code).toBe(0)
    expect((await earn(t, 'preview-order', body, mine)).ret_code).toBe(0)
    expect((await earn(t, 'test/kyc-level', { kyc_level: 3 }, mine)).ret_code).toBe(
      RetCode.InvalidRequest,
    )
    expect((await earn(t, 'test/kyc-level', { kyc_level: 1 })).ret_code).toBe(RetCode.LoginExpired)
  })
})

describe('test/export-state (TEST_MODE only)', () => {
  it("holds the caller's own export in Processing (327 for its range) or fails it (retry works)", async () => {
    const mine = await loginAs(t, 'sheet-codes@earn.test')
    const end = Math.floor(t.clock.now().getTime() / 1000)
    const range = { export_start_at: end - 7 * 86_400, export_end_at: end }
    const submitted = await earn(t, 'submit-bill-export', range, mine)
    expect(submitted.ret_code).toBe(0)
    const id = submitted.result.record_id as string
    const state = (status: number, cookie?: string) =>
      earn(t, 'test/export-state', { record_id: id, status }, cookie)
    expect((await state(ExportStatus.Processing, mine)).ret_code).toBe(0)
    expect((await earn(t, 'submit-bill-export', range, mine)).ret_code).toBe(
      BillExportRetCode.Duplicate,
    )
    expect((await state(ExportStatus.Failed, mine)).ret_code).toBe(0)
    const retried = await earn(t, 'retry-bill-export', { record_id: id }, mine)
    expect(retried.ret_code).toBe(0)
    expect(retried.result.status).toBe(ExportStatus.Queued)
    // Only the caller's own record, and only those two states.
    const other = await loginAs(t, 'kyc1@earn.test')
    expect((await state(ExportStatus.Failed, other)).ret_code).toBe(BillExportRetCode.NoRecord)
    expect((await state(ExportStatus.Success, mine)).ret_code).toBe(RetCode.InvalidRequest)
    expect((await state(ExportStatus.Failed)).ret_code).toBe(RetCode.LoginExpired)
  })
})
