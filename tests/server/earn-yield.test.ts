import Decimal from 'decimal.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountType, DualStage, ProductType } from '../../contract/enums'
import { createApp } from '../../server/app'
import { testConfig } from '../../server/config'
import { runEarnJobs } from '../../server/jobs/earn-jobs'
import { PriceSimulator } from '../../server/modules/market/price-simulator'
import { createTestApp, type TestApp } from '../support/test-app'
import { acknowledgeRisk, balance, DEMO_IDS, earn, loginDemo, oid } from './support/earn'
import { HOST } from './support/identity'

const HOUR = 3_600_000
let t: TestApp
let kyc2: string
let kyc1: string
let insider: string
let walled: string
let market: PriceSimulator

beforeAll(async () => {
  t = await createTestApp()
  kyc2 = await loginDemo(t, 'kyc2')
  kyc1 = await loginDemo(t, 'kyc1')
  insider = await loginDemo(t, 'insider')
  await acknowledgeRisk(t, insider, ProductType.Dual)
  walled = await loginDemo(t, 'walled')
  market = new PriceSimulator(t.db, t.config.MARKET_SEED)
})
afterAll(() => t.close())

const jobs = () => runEarnJobs({ db: t.db, clock: t.clock, market })
const pay = async (cookie: string, body: object) => {
  const res = await earn(t, 'pay-order', { order_id: oid(), ...body }, cookie)
  expect(res.ret_code, res.ret_msg).toBe(0)
  return res.result.order
}
const positionOf = async (cookie: string, id: string) =>
  (await earn(t, 'get-positions', { include_closed: true }, cookie)).result.positions.find(
    (p: any) => p.position_id === id,
  )

describe('hourly accrual and claim-yield', () => {
  it('accrues APR/365/24 of the principal per whole hour, tier by tier, claimable', async () => {
    const order = await pay(kyc2, { product_id: 'flex-usdt', amount: '3000' })
    t.clock.advance(5 * HOUR)
    await jobs()
    const pos = await positionOf(kyc2, order.position_id)
    // First 2000 at 12 %, the rest at 5.5 %; at least 4 whole hours since the value date.
    const perHour = new Decimal(2000).times('0.12').plus(new Decimal(1000).times('0.055')).div(8760)
    const hours = new Decimal(pos.claimable_yield).div(perHour).toNumber()
    expect(hours).toBeGreaterThanOrEqual(3.99)
    expect(hours).toBeLessThanOrEqual(5)
    expect(pos.claimable_yield).toBe(
      perHour.times(Math.round(hours)).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(),
    )
    const before = new Decimal(await balance(t.db, DEMO_IDS.kyc2, 'USDT', AccountType.FUNDING))
    const claim = await earn(
      t,
      'claim-yield',
      { order_id: oid(), position_id: order.position_id },
      kyc2,
    )
    expect(claim.ret_code, claim.ret_msg).toBe(0)
    expect(claim.result.claimed).toEqual([{ coin: 'USDT', amount: pos.claimable_yield }])
    const after = new Decimal(await balance(t.db, DEMO_IDS.kyc2, 'USDT', AccountType.FUNDING))
    expect(after.minus(before).toFixed()).toBe(pos.claimable_yield)
    expect((await positionOf(kyc2, order.position_id)).claimable_yield).toBe('0')
  })

  it('304 when there is nothing to claim; 602 for a position that is not yours', async () => {
    expect((await earn(t, 'claim-yield', { order_id: oid(), coin: 'SOL' }, kyc2)).ret_code).toBe(
      304,
    )
    expect(
      (await earn(t, 'claim-yield', { order_id: oid(), position_id: 'pos_nope' }, kyc2)).ret_code,
    ).toBe(602)
  })

  it('10007 logged out, 10001 bad input, 10024 walled', async () => {
    expect((await earn(t, 'claim-yield', { order_id: oid() })).ret_code).toBe(10007)
    expect((await earn(t, 'claim-yield', { order_id: 1 }, kyc2)).ret_code).toBe(10001)
    expect((await earn(t, 'claim-yield', { order_id: oid() }, walled)).ret_code).toBe(10024)
  })
})

describe('redeem', () => {
  it('flexible: part at once, then the rest with its unclaimed yield', async () => {
    const order = await pay(kyc1, { product_id: 'flex-eth', amount: '2' })
    t.clock.advance(3 * HOUR)
    await jobs()
    const part = await earn(
      t,
      'redeem',
      { order_id: oid(), position_id: order.position_id, amount: '0.5' },
      kyc1,
    )
    expect(part.result).toMatchObject({ principal: '0.5', yield_paid: '0' })
    const claimable = (await positionOf(kyc1, order.position_id)).claimable_yield
    expect(new Decimal(claimable).gt(0)).toBe(true)
    const rest = await earn(t, 'redeem', { order_id: oid(), position_id: order.position_id }, kyc1)
    expect(rest.result).toMatchObject({
      principal: '1.5',
      yield_paid: claimable,
      yield_forfeited: '0',
    })
    expect((await positionOf(kyc1, order.position_id)).status).toBe('redeemed')
    expect(
      (await earn(t, 'redeem', { order_id: oid(), position_id: order.position_id }, kyc1)).ret_code,
    ).toBe(304)
  })

  it('fixed term early: needs early=true and forfeits the accrued yield; principal comes back', async () => {
    const order = await pay(kyc1, { product_id: 'fixed-usdc-90', amount: '1000' })
    t.clock.advance(48 * HOUR)
    await jobs()
    const accrued = (await positionOf(kyc1, order.position_id)).claimable_yield
    expect(new Decimal(accrued).gt(0)).toBe(true)
    const refused = await earn(
      t,
      'redeem',
      { order_id: oid(), position_id: order.position_id },
      kyc1,
    )
    expect(refused.ret_code).toBe(10001)
    const before = new Decimal(await balance(t.db, DEMO_IDS.kyc1, 'USDC', AccountType.FUNDING))
    const res = await earn(
      t,
      'redeem',
      { order_id: oid(), position_id: order.position_id, early: true },
      kyc1,
    )
    expect(res.result).toMatchObject({
      principal: '1000',
      yield_paid: '0',
      yield_forfeited: accrued,
    })
    const after = new Decimal(await balance(t.db, DEMO_IDS.kyc1, 'USDC', AccountType.FUNDING))
    expect(after.minus(before).toFixed()).toBe('1000')
  })

  it('334 for a fixed term without early redemption, and for dual asset', async () => {
    const fixed = await pay(kyc1, { product_id: 'fixed-usdt-7', amount: '100' })
    expect(
      (
        await earn(
          t,
          'redeem',
          { order_id: oid(), position_id: fixed.position_id, early: true },
          kyc1,
        )
      ).ret_code,
    ).toBe(334)
  })

  it('10007, 10001, 10024, 602, 320', async () => {
    expect((await earn(t, 'redeem', { order_id: oid(), position_id: 'p' })).ret_code).toBe(10007)
    expect((await earn(t, 'redeem', { position_id: 'p' }, kyc1)).ret_code).toBe(10001)
    expect((await earn(t, 'redeem', { order_id: oid(), position_id: 'p' }, walled)).ret_code).toBe(
      10024,
    )
    expect((await earn(t, 'redeem', { order_id: oid(), position_id: 'p' }, kyc1)).ret_code).toBe(
      602,
    )
    const order = await pay(kyc1, { product_id: 'flex-btc', amount: '0.01' })
    const over = await earn(
      t,
      'redeem',
      { order_id: oid(), position_id: order.position_id, amount: '1' },
      kyc1,
    )
    expect(over.ret_code).toBe(320)
  })
})

describe('maturity, dual settlement and auto-savings jobs', () => {
  it('pays a fixed term its principal and full-term yield at maturity', async () => {
    const order = await pay(insider, { product_id: 'fixed-usdt-7', amount: '1000' })
    const before = new Decimal(await balance(t.db, DEMO_IDS.insider, 'USDT', AccountType.FUNDING))
    t.clock.advance(8 * 24 * HOUR)
    await jobs()
    insider = await loginDemo(t, 'insider') // the 7-day session ended while the clock moved
    const pos = await positionOf(insider, order.position_id)
    expect(pos.status).toBe('redeemed')
    const after = new Decimal(await balance(t.db, DEMO_IDS.insider, 'USDT', AccountType.FUNDING))
    // Seven days less the part of the first hour before the value date.
    const full = new Decimal(1000).times('0.07').times(7).div(365)
    expect(after.minus(before).minus(1000).toNumber()).toBeGreaterThan(full.times(0.99).toNumber())
    expect(after.minus(before).minus(1000).lte(full)).toBe(true)
  })

  it('settles dual asset at expiry from the simulator, in either coin (stage Completed)', async () => {
    const preview = await earn(
      t,
      'preview-order',
      { product_id: 'dual-btc-low', amount: '100' },
      insider,
    )
    const order = await pay(insider, {
      product_id: 'dual-btc-low',
      amount: '100',
      quote_price: preview.result.quote.price,
    })
    expect((await positionOf(insider, order.position_id)).dual.stage).toBe(DualStage.Active)
    t.clock.advance(4 * 24 * HOUR)
    await jobs()
    insider = await loginDemo(t, 'insider')
    const pos = await positionOf(insider, order.position_id)
    expect(pos.status).toBe('settled')
    expect(pos.dual.stage).toBe(DualStage.Completed)
    const price = new Decimal(pos.dual.settle_price)
    const gross = new Decimal(100).times(new Decimal('0.452').times(3).div(365).plus(1))
    if (price.lte(92000)) {
      expect(pos.dual.settled_coin).toBe('BTC')
      expect(pos.dual.settled_amount).toBe(
        gross.div(92000).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(),
      )
    } else {
      expect(pos.dual.settled_coin).toBe('USDT')
      expect(pos.dual.settled_amount).toBe(gross.toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed())
    }
  })

  it('auto-subscribes idle FUNDING balance once a day when the user turned it on', async () => {
    const cookie = await loginDemo(t, 'kyc0')
    const on = await earn(t, 'edit-auto-savings', { coin: 'eth', open: true }, cookie)
    expect(on.result).toMatchObject({ coin: 'ETH', open: true, product_id: 'flex-eth' })
    await jobs()
    expect(new Decimal(await balance(t.db, 100002, 'ETH', AccountType.FUNDING)).isZero()).toBe(true)
    const positions = (await earn(t, 'get-positions', { coin: 'ETH' }, cookie)).result.positions
    expect(positions.map((p: any) => p.principal)).toContain('5')
  })
})

describe('test/advance-clock (TEST_MODE only)', () => {
  it('moves the server clock and runs the jobs', async () => {
    const before = Math.floor(t.clock.now().getTime() / 1000)
    const res = await earn(t, 'test/advance-clock', { seconds: 7200 })
    expect(res.ret_code).toBe(0)
    expect(res.result.now - before).toBeGreaterThanOrEqual(7200)
    expect(res.result.jobs).toHaveProperty('accrued')
  })

  it('is absent (404) when TEST_MODE is off', async () => {
    const app = createApp({
      db: t.db,
      dbKind: t.database.kind,
      config: testConfig({ TEST_MODE: false }),
      clock: t.clock,
    })
    const res = await app.request('/x-api/s1/byfi/test/advance-clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: HOST },
      body: JSON.stringify({ seconds: 60 }),
    })
    expect(res.status).toBe(404)
    expect(((await res.json()) as any).ret_code).toBe(10004)
  })
})
