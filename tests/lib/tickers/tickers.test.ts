import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiOrigin } from '../../../src/lib/http/api-origin'
import { coinPrice, usdTotal } from '../../../src/lib/tickers/price-store'
import {
  fetchCoinPrices,
  tickerQuoteCoin,
  tickerSymbolBatches,
} from '../../../src/lib/tickers/tickers'
import { envelopeJson, startHttpFixture } from '../../support/http-fixture'
import { startRealServer, type RealServer } from '../../support/real-server'

let server: RealServer
beforeAll(async () => {
  server = await startRealServer()
}, 60_000)
afterAll(() => server?.close())

describe('tickers from the real server (waits on issue 4: market)', () => {
  it('prices BTC and ETH from s and c; stable coins are 1; unknown coins absent', async () => {
    apiOrigin.origin = server.url
    const prices = await fetchCoinPrices(['BTC', 'ETH', 'USDT', 'NOPE'])
    expect(Number(prices.BTC)).toBeGreaterThan(0)
    expect(Number(prices.ETH)).toBeGreaterThan(0)
    expect(prices).toMatchObject({ USDT: '1', USDC: '1', BUSD: '1', DAI: '1' })
    expect(prices.NOPE).toBeUndefined()
    expect(coinPrice('NOPE', prices).toNumber()).toBe(0)
  })
})

describe('tickers', () => {
  it('asks 301.{COIN}USDT (USDC on the EU domain) in batches of 100', () => {
    expect(tickerQuoteCoin(false)).toBe('USDT')
    expect(tickerQuoteCoin(true)).toBe('USDC')
    const coins = Array.from({ length: 205 }, (_, i) => `C${i}`)
    const batches = tickerSymbolBatches([...coins, 'USDT', 'c0'], 'USDT')
    expect(batches.map((b) => b.length)).toEqual([100, 100, 5])
    expect(batches[0]![0]).toBe('301.C0USDT')
    expect(tickerSymbolBatches(['BTC'], 'USDC')).toEqual([['301.BTCUSDC']])
  })

  it('sends each batch as one symbol query; a failed batch gives no prices, others still count', async () => {
    const fixture = await startHttpFixture((r) => {
      const symbols = new URL(r.url, 'http://x').searchParams.get('symbol')!.split(',')
      if (symbols.includes('301.C150USDT')) return { status: 500, body: '' }
      return {
        body: envelopeJson(
          0,
          symbols.map((s) => ({ s: s.slice(4), c: '2' })),
        ),
      }
    })
    apiOrigin.origin = fixture.url
    const coins = Array.from({ length: 200 }, (_, i) => `C${i}`)
    const prices = await fetchCoinPrices(coins)
    await fixture.close()
    expect(fixture.requests).toHaveLength(2)
    const asked = fixture.requests.map((r) => new URL(r.url, 'http://x'))
    expect(asked.map((u) => u.pathname)).toEqual(Array(2).fill('/x-api/spot/api/quote/v1/ticker'))
    const lists = asked
      .map((u) => u.searchParams.get('symbol')!.split(','))
      .sort((a, b) => a.length - b.length)
    expect(lists.map((l) => l.length)).toEqual([100, 100])
    expect(lists.flat()).toContain('301.C0USDT')
    expect(prices.C0).toBe('2')
    expect(prices.C150).toBeUndefined()
  })

  it('a failed ticker call leaves the stable coins only', async () => {
    const fixture = await startHttpFixture(() => ({ body: envelopeJson(10016, {}, 'x') }))
    apiOrigin.origin = fixture.url
    expect(await fetchCoinPrices(['BTC'])).toEqual({ USDT: '1', USDC: '1', BUSD: '1', DAI: '1' })
    await fixture.close()
  })

  it('ticker prices feed USD totals; unknown coins count 0', async () => {
    const fixture = await startHttpFixture(() => ({
      body: envelopeJson(0, [{ s: '301.BTCUSDT', c: '50000.5' }]),
    }))
    apiOrigin.origin = fixture.url
    const prices = await fetchCoinPrices(['BTC'])
    await fixture.close()
    expect(
      usdTotal(
        [
          { coin: 'btc', amount: '0.1' },
          { coin: 'USDC', amount: '10' },
          { coin: 'NOPE', amount: '99' },
          { coin: 'BTC', amount: '' },
        ],
        prices,
      ),
    ).toBe('5010.05')
  })
})
