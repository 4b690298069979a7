import { describe, expect, it } from 'vitest'
import { amountProblem, maxAmount } from '../../../src/features/subscribe/model/amount'
import { sanitizeAmount } from '../../../src/lib/format/amount-input'
import { estimateYield, tieredApr } from '../../../src/features/subscribe/model/yield-estimate'

const tiers = [
  { min_amount: '0', max_amount: '2000', apr: '0.12' },
  { min_amount: '2000', max_amount: null, apr: '0.055' },
]

describe('amount input', () => {
  it('keeps a decimal with at most the coin digits', () => {
    expect(sanitizeAmount('12,345678', 4)).toBe('12.3456')
    expect(sanitizeAmount('00012', 2)).toBe('12')
    expect(sanitizeAmount('1.2.3', 8)).toBe('1.23')
    expect(sanitizeAmount('abc5', 2)).toBe('5')
    expect(sanitizeAmount('.5', 2)).toBe('0.5')
  })

  it('max is the smaller of balance and remaining limit, cut down to the digits', () => {
    expect(maxAmount('10.123456789', '100', 8)).toBe('10.12345678')
    expect(maxAmount('5000', '250.5', 2)).toBe('250.5')
    expect(maxAmount('0', '100', 2)).toBe('0')
  })

  it('names the first problem the user can fix', () => {
    const base = { min: '1', remainingLimit: '100', available: '50' }
    expect(amountProblem({ ...base, amount: '' })).toBe('empty')
    expect(amountProblem({ ...base, amount: '0.5' })).toBe('belowMin')
    expect(amountProblem({ ...base, amount: '101' })).toBe('overLimit')
    expect(amountProblem({ ...base, amount: '60' })).toBe('insufficient')
    expect(amountProblem({ ...base, amount: '50' })).toBeNull()
  })
})

describe('tiered yield estimate', () => {
  it('each slice of the amount earns its own tier', () => {
    expect(tieredApr('1000', '0.055', tiers).toFixed()).toBe('0.12')
    // 2000 × 12 % + 2000 × 5.5 % over 4000 = 8.75 %
    expect(tieredApr('4000', '0.055', tiers).toFixed()).toBe('0.0875')
  })

  it('daily yield, a term total for fixed products and a voucher boost', () => {
    const flexible = estimateYield({ amount: '365', apr: '0.1', tiers: [], termDays: 0 })
    expect(flexible.daily.toFixed()).toBe('0.1')
    expect(flexible.term).toBeNull()
    const fixed = estimateYield({
      amount: '365',
      apr: '0.1',
      tiers: [],
      termDays: 30,
      boost: '0.02',
    })
    expect(fixed.apr.toFixed()).toBe('0.12')
    expect(fixed.term?.toFixed()).toBe('3.6')
  })
})
