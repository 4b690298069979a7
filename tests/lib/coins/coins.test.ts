import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { compressToUTF16 } from 'lz-string'
import { coinFromTuple, type Coin } from '../../../src/lib/coins/coin'
import { COINS_STORAGE_KEY, loadCoins, readCachedCoins } from '../../../src/lib/coins/coins'
import { displayDigits, formatCoinAmount, orderDigits } from '../../../src/lib/coins/coin-format'
import { apiOrigin } from '../../../src/lib/http/api-origin'
import { RequestError } from '../../../src/lib/http/request-error'
import { envelopeJson, startHttpFixture } from '../../support/http-fixture'
import { startRealServer, type RealServer } from '../../support/real-server'

let server: RealServer
beforeAll(async () => {
  server = await startRealServer()
}, 60_000)
afterAll(() => server?.close())
beforeEach(() => localStorage.clear())

describe('coins from the real server (waits on issue 4: market)', () => {
  it('get-coins arrays become Coin objects, cached lz-string-compressed', async () => {
    apiOrigin.origin = server.url
    const coins = await loadCoins()
    const btc = coins.find((c) => c.name === 'BTC')
    expect(btc).toMatchObject({ name: 'BTC', enum: expect.any(Number) })
    expect(typeof btc!.darkIcon).toBe('string')
    const stored = localStorage.getItem(COINS_STORAGE_KEY)!
    expect(stored).not.toContain('BTC')
    expect(await readCachedCoins()).toEqual(coins)
  })
})

describe('coins', () => {
  const tuple = [1, 'BTC', 8, 6, '/coins/btc-dark.svg', '/coins/btc-light.svg'] as const
  const btc: Coin = coinFromTuple([...tuple])

  it('maps the array positions: enum, name, asset digits, transaction digits, dark, light', () => {
    expect(btc).toEqual({
      enum: 1,
      name: 'BTC',
      assetDigits: 8,
      transactionDigits: 6,
      darkIcon: '/coins/btc-dark.svg',
      lightIcon: '/coins/btc-light.svg',
    })
  })

  it('on failure falls back to the cached coins, else fails', async () => {
    const down = await startHttpFixture(() => ({ status: 503, body: '' }))
    apiOrigin.origin = down.url
    await expect(loadCoins()).rejects.toBeInstanceOf(RequestError)
    localStorage.setItem(COINS_STORAGE_KEY, compressToUTF16(JSON.stringify([btc])))
    await expect(loadCoins()).resolves.toEqual([btc])
    localStorage.setItem(COINS_STORAGE_KEY, 'not lz data')
    await expect(loadCoins()).rejects.toBeInstanceOf(RequestError)
    await down.close()
  })

  it('warns when the list has more than 300 coins', async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => [i, `C${i}`, 8, 8, '', ''])
    let count = 300
    const fixture = await startHttpFixture(() => ({ body: envelopeJson(0, many(count)) }))
    apiOrigin.origin = fixture.url
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await loadCoins()
    expect(warn).not.toHaveBeenCalled()
    count = 301
    expect(await loadCoins()).toHaveLength(301)
    expect(warn).toHaveBeenCalledTimes(1)
    warn.mockRestore()
    await fixture.close()
  })

  it.each([
    ['BIT', 2, 8],
    ['MATIC', 8, 4],
    ['LTC', 4, 8],
    ['btc', 6, 6],
  ])('%s with %i digits displays %i', (name, digits, shown) => {
    expect(displayDigits({ name, assetDigits: digits })).toBe(shown)
  })

  it.each([
    // An order amount: the transaction digits the server enforces, never finer than shown.
    ['USDT', 8, 4, 4],
    ['MATIC', 4, 6, 4],
    ['SHIB', 2, 0, 0],
    // The coin list not yet in: the display digits.
    ['BTC', 8, undefined, 8],
  ])('%s (%i shown, %s traded) is ordered with %i digits', (name, asset, traded, want) => {
    expect(orderDigits({ name, assetDigits: asset, transactionDigits: traded })).toBe(want)
  })

  it.each([
    ['1.23456789', 'BTC', 4, '1.2345'],
    ['0.99999', 'USDT', 2, '0.99'],
    [2, 'USDT', 2, '2'],
    ['31250000.00000000', 'USDT', 8, '31,250,000'],
    ['10000.10000000', 'USDT', 8, '10,000.1'],
    ['123.456789', 'MATIC', 8, '123.4567'],
    ['1e-9', 'LTC', 2, '0'],
    ['', 'BTC', 2, '--'],
    [null, 'BTC', 2, '--'],
    ['abc', 'BTC', 2, '--'],
    ['Infinity', 'BTC', 2, '--'],
  ])('formats %j %s (%i digits) as %s, never rounding up', (amount, name, digits, shown) => {
    expect(formatCoinAmount(amount, { name, assetDigits: digits }, 'en')).toBe(shown)
  })
})
