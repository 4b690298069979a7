// Spec §3 (entities and fields) as the client uses them: each row fails if its constant changes.
import { describe, expect, it } from 'vitest'
import { AccountType, ProductType } from '../../contract/enums'
import { analyticsFlags } from '../../src/lib/analytics/analytics'
import { coinFromTuple } from '../../src/lib/coins/coin'
import { DISPLAY_PRECISION_OVERRIDES } from '../../src/lib/coins/coin-format'
import { RequestError } from '../../src/lib/http/request-error'
import { KycLevel, kycLevel } from '../../src/lib/kyc/kyc-level'
import { QUOTE_WINDOW_MS, parseRealtimeItem } from '../../src/lib/sockets/spot-quote-socket'
import { TIME_FORMATS, formatExportDate } from '../../src/lib/time/time-format'

describe('§3 KYC applicant level', () => {
  it.each([
    ['LEVEL_DEFAULT', 0],
    ['LEVEL_1', 1],
    ['LEVEL_2', 2],
  ] as const)('%s = %i', (name, value) => {
    expect(KycLevel[name]).toBe(value)
    expect(kycLevel(name)).toBe(value)
  })
  it('others read as 0', () => expect(kycLevel('LEVEL_9')).toBe(0))
})

describe('§3 product types', () => {
  it.each([
    ['Cloud', 0],
    ['Defi', 1],
    ['Dual', 2],
    ['Launch', 3],
    ['Flexible', 4],
    ['Liquidity', 5],
    ['FixedTerm', 6],
    ['StructuredProduct', 7],
    ['POS', 8],
    ['WEALTH', 9],
    ['DOUBLEWIN', 10],
    ['DISCOUNT', 11],
    ['FUTUREBOOST', 12],
    ['FundPoolPremium', 14],
    ['NETWORTH', 16],
    ['UltraDiscountBuy', 18],
  ] as const)('%s = %i', (name, value) => expect(ProductType[name]).toBe(value))
})

describe('§3 account types', () => {
  it.each([
    ['SPOT', 2],
    ['UTA', 5],
    ['FUNDING', 6],
    ['EARN', 100],
  ] as const)('%s = %i', (name, value) => expect(AccountType[name]).toBe(value))
})

describe('§3 coin', () => {
  it.each([
    ['BIT', 8],
    ['MATIC', 4],
    ['LTC', 8],
  ])('display precision %s = %i', (coin, digits) => {
    expect(DISPLAY_PRECISION_OVERRIDES[coin]).toBe(digits)
  })
  it('get-coins array order: enum, name, asset digits, transaction digits, dark, light', () => {
    expect(coinFromTuple([5, 'ETH', 8, 4, 'dark', 'light'])).toEqual({
      enum: 5,
      name: 'ETH',
      assetDigits: 8,
      transactionDigits: 4,
      darkIcon: 'dark',
      lightIcon: 'light',
    })
  })
})

describe('§3 realtime spot quote', () => {
  it('startTime is currentTime minus 86399000 ms; fields named as the spec', () => {
    expect(QUOTE_WINDOW_MS).toBe(86_399_000)
    const q = parseRealtimeItem({
      t: 86_400_000,
      s: 'S',
      c: 'c',
      h: 'h',
      l: 'l',
      o: 'o',
      v: 'v',
      qv: 'qv',
      m: 'm',
    })
    expect(Object.keys(q).sort()).toEqual(
      [
        'symbol',
        'open',
        'high',
        'low',
        'close',
        'volume',
        'quoteVolume',
        'range',
        'currentTime',
        'startTime',
      ].sort(),
    )
    expect(q.startTime).toBe(1000)
  })
})

describe('§3 error object and analytics flags', () => {
  it('error object: message, code, original response, url', () => {
    const e = new RequestError('m', 7, '/u', { r: 1 })
    expect([e.message, e.code, e.response, e.url]).toEqual(['m', 7, { r: 1 }, '/u'])
  })
  it('analytics extra flags: isApp, isPhone, isPC, is_login', () => {
    expect(Object.keys(analyticsFlags()).sort()).toEqual(['isApp', 'isPC', 'isPhone', 'is_login'])
  })
})

describe('§3 export record times', () => {
  it('export dates show as UTC YYYY-MM-DD, submit time as YYYY-MM-DD HH:mm:ss', () => {
    expect(TIME_FORMATS.date).toBe('YYYY-MM-DD')
    expect(TIME_FORMATS.dateTime).toBe('YYYY-MM-DD HH:mm:ss')
    expect(formatExportDate(0)).toBe('1970-01-01')
  })
})
