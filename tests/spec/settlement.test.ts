import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'
import { DualDirection } from '../../contract/enums'
import {
  DECIMAL_CONTEXT,
  dualScenarios,
  dualSettlement,
  grossAtMaturity,
  type DualTerms,
} from '../../contract/settlement'

// The settlement formula both halves share (contract/settlement.ts): the scenario rows the
// product page shows are the payouts dualSettlement gives on each side of the target.

const Money = Decimal.clone(DECIMAL_CONTEXT)

const terms = (over: Partial<DualTerms> = {}): DualTerms => ({
  principal: '1000',
  apr: '0.452',
  termDays: 3,
  direction: DualDirection.BUY_LOW,
  targetPrice: '92000',
  investCoin: 'USDT',
  baseCoin: 'BTC',
  quoteCoin: 'USDT',
  ...over,
})

describe('dual-asset settlement', () => {
  it('buy-low converts at or below the target, cut to 8 decimals', () => {
    const at = dualSettlement(Money, terms(), '92000')
    expect(at).toMatchObject({ coin: 'BTC', converted: true })
    // 1000 × (1 + 0.452 × 3 / 365) / 92000 = 0.010909939…
    expect(at.amount.toFixed()).toBe('0.01090994')
    const above = dualSettlement(Money, terms(), '92000.01')
    expect(above).toMatchObject({ coin: 'USDT', converted: false })
    expect(above.amount.toFixed()).toBe('1003.71506849')
  })

  it('sell-high converts at or above the target into the quote coin', () => {
    const sell = terms({ direction: DualDirection.SELL_HIGH, principal: '0.5', investCoin: 'BTC' })
    const at = dualSettlement(Money, sell, '92000')
    expect(at).toMatchObject({ coin: 'USDT', converted: true })
    expect(at.amount.toFixed()).toBe(
      new Decimal('0.5')
        .times(new Decimal('0.452').times(3).div(365).plus(1))
        .times(92000)
        .toDecimalPlaces(8, Decimal.ROUND_DOWN)
        .toFixed(),
    )
    expect(dualSettlement(Money, sell, '91999.99')).toMatchObject({ coin: 'BTC', converted: false })
  })

  it.each([DualDirection.BUY_LOW, DualDirection.SELL_HIGH])(
    'the scenario rows are the settlements on each side (direction %s)',
    (direction) => {
      const t = terms({ direction })
      const [low, high] = dualScenarios(Money, t)
      const below = dualSettlement(Money, t, '91999.99')
      const exact = dualSettlement(Money, t, '92000')
      const over = dualSettlement(Money, t, '92000.01')
      const same = (a: { coin: string; amount: Decimal }) => ({
        coin: a.coin,
        amount: a.amount.toFixed(),
      })
      expect(same(low)).toEqual(same(below))
      expect(same(high)).toEqual(same(over))
      // The target itself belongs to the converting side.
      expect(same(exact)).toEqual(same(direction === DualDirection.BUY_LOW ? low : high))
      expect([low.side, high.side]).toEqual(
        direction === DualDirection.BUY_LOW ? ['atOrBelow', 'above'] : ['below', 'atOrAbove'],
      )
    },
  )

  it('runs in one decimal context: cut towards zero at 64 digits, as the server pays', () => {
    // 365 × (1 + 0.1 × 10 / 365): decimal.js's default context rounds it up to 366.
    const t = terms({ principal: '365', apr: '0.1', termDays: 10, targetPrice: '1' })
    expect(dualSettlement(Money, t, '2').amount.toFixed()).toBe('365.99999999')
    expect(grossAtMaturity(Decimal, '365', '0.1', 10).toDecimalPlaces(8, 1).toFixed()).toBe('366')
  })
})
