import { describe, expect, it } from 'vitest'
import type { Position } from '../../../contract/earn-account.schema'
import { LiquidityPositionStatus, ProductType } from '../../../contract/enums'
import { nextPayout, termProgress } from '../../../src/features/my-earn/model/position-progress'

const DAY = 86_400
const START = 1_700_000_000 // 22:13:20 UTC: the value date is the whole hour after it
const base: Position = {
  position_id: 'p1',
  product_id: 'x',
  product_type: ProductType.Flexible,
  coin: 'USDT',
  principal: '8760',
  apr: '0.1',
  claimable_yield: '0',
  total_yield: '0',
  status: 'active',
  liquidity_status: null,
  leverage: null,
  started_at: START,
  maturity_at: null,
  closed_at: null,
  dual: null,
}
const fixed = { ...base, product_type: ProductType.FixedTerm, maturity_at: START + 10 * DAY }

describe('term progress', () => {
  it('runs from the start to maturity, clamped to 0–100', () => {
    expect(termProgress(fixed, START - DAY)).toBe(0)
    expect(termProgress(fixed, START + 2.5 * DAY)).toBe(25)
    expect(termProgress(fixed, START + 11 * DAY)).toBe(100)
  })

  it('uses the settlement time of a dual product and says nothing for a flexible one', () => {
    const dual = {
      ...base,
      product_type: ProductType.Dual,
      maturity_at: null,
      dual: {
        direction: 1 as const,
        base_coin: 'BTC',
        quote_coin: 'USDT',
        target_price: '90000',
        stage: 1 as const,
        settlement_at: START + 4 * DAY,
        settled_coin: null,
        settled_amount: null,
        settle_price: null,
      },
    }
    expect(termProgress(dual, START + DAY)).toBe(25)
    expect(termProgress(base, START + DAY)).toBeNull()
    expect(termProgress({ ...fixed, maturity_at: START }, START)).toBe(100)
  })
})

describe('next payout', () => {
  it('pays an open-ended position each whole hour: principal × APR / 8760', () => {
    const now = START + 3 * DAY + 100
    const next = nextPayout(base, now)
    expect(next).toEqual({ kind: 'hourly', at: (Math.floor(now / 3600) + 1) * 3600, amount: '0.1' })
    // Leverage multiplies a liquidity position's yield.
    expect(
      nextPayout(
        {
          ...base,
          product_type: ProductType.Liquidity,
          leverage: '3',
          liquidity_status: LiquidityPositionStatus.Effective,
        },
        now,
      )?.amount,
    ).toBe('0.3')
  })

  it('waits for the value date before the first hour is paid', () => {
    expect(nextPayout(base, START - 7200)?.at).toBe(Math.ceil(START / 3600) * 3600)
  })

  it('pays a fixed term at maturity with the yield of its whole hours from the value date', () => {
    const next = nextPayout(fixed, START + DAY)
    expect(next?.kind).toBe('maturity')
    expect(next?.at).toBe(fixed.maturity_at)
    // 10 days less the 2,800 s to the value date: 239 whole hours at 0.1 an hour.
    expect(next?.amount).toBe('23.9')
  })

  it('has no amount for a dual product and nothing for liquidity that is not earning', () => {
    const dual = nextPayout(
      {
        ...base,
        product_type: ProductType.Dual,
        dual: {
          direction: 1,
          base_coin: 'BTC',
          quote_coin: 'USDT',
          target_price: '1',
          stage: 1,
          settlement_at: START + DAY,
          settled_coin: null,
          settled_amount: null,
          settle_price: null,
        },
      },
      START,
    )
    expect(dual).toEqual({ kind: 'settlement', at: START + DAY, amount: null })
    expect(
      nextPayout(
        {
          ...base,
          product_type: ProductType.Liquidity,
          liquidity_status: LiquidityPositionStatus.AddPending,
        },
        START,
      ),
    ).toBeNull()
  })
})
