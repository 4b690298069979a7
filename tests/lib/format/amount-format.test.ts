import { describe, expect, it } from 'vitest'
import { formatAmount, formatAmountShort } from '../../../src/lib/format/amount-format'
import { formatFiat, formatUsd, withSign } from '../../../src/lib/format/money-format'

describe('formatAmount', () => {
  it.each([
    ['31250000.00000000', 8, 'en', '31,250,000'],
    ['10000.00000000', 8, 'en', '10,000'],
    ['200000', 8, 'en', '200,000'],
    ['0.00000000', 8, 'en', '0'],
    ['1234.56789', 2, 'en', '1,234.56'],
    ['0.999999999', 8, 'en', '0.99999999'],
    ['-12345.5', 4, 'en', '-12,345.5'],
    ['-0.000000001', 8, 'en', '0'],
    ['1234567.891', 3, 'de-DE', '1.234.567,891'],
    ['1234567.891', 3, 'ar-SA', '1,234,567.891'],
    ['1234567.891', 3, 'xx-bad-locale-tag', '1,234,567.891'],
    ['12345678901234567890.123456789', 9, 'en', '12,345,678,901,234,567,890.123456789'],
  ])('%s with %i digits in %s reads %s', (value, digits, locale, shown) => {
    expect(formatAmount(value, { digits, locale })).toBe(shown)
  })

  it.each([null, undefined, '', 'abc', 'Infinity', Number.NaN, '1.2.3'])('%j reads --', (v) => {
    expect(formatAmount(v, { digits: 8, locale: 'en' })).toBe('--')
  })

  it('keeps the minimum decimals it is asked for', () => {
    expect(formatAmount('5', { digits: 2, minDigits: 2, locale: 'en' })).toBe('5.00')
  })
})

describe('formatAmountShort', () => {
  it.each([
    ['31250000.00000000', '31.25M'],
    ['31259999', '31.25M'],
    ['200000', '200K'],
    ['99999.99', '99,999.99'],
    ['1500000000', '1.5B'],
  ])('%s reads %s', (value, shown) => {
    expect(formatAmountShort(value, { digits: 8, locale: 'en' })).toBe(shown)
  })
})

describe('formatUsd', () => {
  it.each([
    ['1234567.899', '$1,234,567.89'],
    ['-42.1', '-$42.10'],
    ['-0.001', '$0.00'],
    ['', '--'],
  ])('%s reads %s', (value, shown) => {
    expect(formatUsd(value, 'en')).toBe(shown)
  })

  it.each([
    ['de-DE', '1.234,56\u00a0$'],
    ['tr-TR', '$1.234,56'],
    ['fr-FR', '1\u202f234,56\u00a0$'],
  ])('in %s reads %s (the language places the sign and marks)', (locale, shown) => {
    expect(formatUsd('1234.569', locale)).toBe(shown)
  })
})

describe('formatFiat', () => {
  it.each([
    ['1234.5', 'EUR', 'en', '€1,234.50'],
    ['1234.5', 'JPY', 'en', '¥1,235'],
    ['1234.5', 'EUR', 'de-DE', '1.234,50\u00a0€'],
  ])('%s %s in %s reads %s', (value, currency, locale, shown) => {
    expect(formatFiat(value, currency, locale)).toBe(shown)
  })
})

describe('withSign', () => {
  it('marks credits with + and leaves debits and blanks alone', () => {
    expect(withSign('1.5')).toBe('+1.5')
    expect(withSign('-1.5')).toBe('-1.5')
    expect(withSign('--')).toBe('--')
  })
})
