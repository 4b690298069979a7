import { describe, expect, it } from 'vitest'
import {
  amountProblem,
  leverageOk,
  otherCoinOf,
  swapRequestFor,
} from '../../../src/features/liquidity/model/liquidity-model'
import { sanitizeAmount as sanitizeDecimal } from '../../../src/lib/format/amount-input'

const pool = { base_coin: 'BTC', quote_coin: 'USDT' }

describe('liquidity model', () => {
  it('quotes half of the amount into the pair’s other coin, cut to the coin’s digits', () => {
    expect(otherCoinOf(pool, 'USDT')).toBe('BTC')
    expect(otherCoinOf(pool, 'BTC')).toBe('USDT')
    expect(swapRequestFor('40', 'USDT', 'BTC', 2)).toEqual({
      from_coin: 'USDT',
      to_coin: 'BTC',
      amount: '20',
    })
    expect(swapRequestFor('0.015', 'USDT', 'BTC', 2)).toBeNull()
    expect(swapRequestFor('10.05', 'USDT', 'BTC', 2)?.amount).toBe('5.02')
    expect(swapRequestFor('', 'USDT', 'BTC', 2)).toBeNull()
    expect(swapRequestFor('abc', 'USDT', 'BTC', 2)).toBeNull()
  })

  it('keeps digits and one dot, at most the coin’s decimals', () => {
    expect(sanitizeDecimal('1,5', 8)).toBe('1.5')
    expect(sanitizeDecimal('12.3456', 2)).toBe('12.34')
    expect(sanitizeDecimal('1.2.3', 4)).toBe('1.23')
    expect(sanitizeDecimal('-5x', 2)).toBe('5')
  })

  it('refuses empty, zero and more than the balance', () => {
    expect(amountProblem('', '100')).toBe('invalid')
    expect(amountProblem('0', '100')).toBe('invalid')
    expect(amountProblem('100.01', '100')).toBe('insufficient')
    expect(amountProblem('100', '100')).toBeNull()
    expect(amountProblem('5', null)).toBeNull()
  })

  it("holds an add to the pool's per-order limits before the balance", () => {
    const limits = { min_amount: '10', max_amount: '200000' }
    expect(amountProblem('9.99', '100', limits)).toBe('belowMin')
    expect(amountProblem('10', '100', limits)).toBeNull()
    expect(amountProblem('200000.01', null, limits)).toBe('overLimit')
    expect(amountProblem('150', '100', limits)).toBe('insufficient')
  })

  it('leverage: add allows the pool maximum, reduce must go below the current one', () => {
    expect(leverageOk('3', '1', '3', true)).toBe(true)
    expect(leverageOk('3', '1', '3', false)).toBe(false)
    expect(leverageOk('1', '1', '3', false)).toBe(true)
    expect(leverageOk('0.5', '1', '3', true)).toBe(false)
    expect(leverageOk('', '1', '3', true)).toBe(false)
  })
})
