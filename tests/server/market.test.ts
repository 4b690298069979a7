import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from '../../server/app'
import { CANDLE_INTERVALS } from '../../server/modules/market/candle-intervals'
import { PriceSimulator } from '../../server/modules/market/price-simulator'
import { createTestApp, type TestApp } from '../support/test-app'
import { get, HOST, tableCounts } from './support/identity'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const TICKER = '/x-api/spot/api/quote/v1/ticker'
const KLINE = '/x-api/spot/api/quote/v1/kline'
const QUOTE_TOKENS = '/x-api/spot/s_api/basic/quote_tokens'
const DEC = /^\d+(\.\d+)?$/

describe('GET /get-coins', () => {
  it('answers arrays of enum, name, asset digits, transaction digits, dark icon, light icon', async () => {
    const res = await get(t, '/x-api/get-coins')
    expect(res.body.ret_code).toBe(0)
    const list = res.body.result as [number, string, number, number, string, string][]
    expect(list.length).toBeGreaterThanOrEqual(30)
    const byName = new Map(list.map((c) => [c[1], c]))
    expect(byName.get('BIT')?.[2]).toBe(8)
    expect(byName.get('MATIC')?.[2]).toBe(4)
    expect(byName.get('LTC')?.[2]).toBe(8)
    expect(byName.get('BTC')).toEqual([
      1,
      'BTC',
      8,
      6,
      '/coins/btc-dark.svg',
      '/coins/btc-light.svg',
    ])
  })

  it('serves icons that exist in public/', async () => {
    const { existsSync } = await import('node:fs')
    const list = (await get(t, '/x-api/get-coins')).body.result as string[][]
    for (const c of list) {
      expect(existsSync(`public${c[4]}`), c[4]).toBe(true)
      expect(existsSync(`public${c[5]}`), c[5]).toBe(true)
    }
  })
})

describe('POST /spot/s_api/basic/quote_tokens', () => {
  it('lists USDT and USDC with the base tokens they trade', async () => {
    const res = await t.post(QUOTE_TOKENS, {}, { host: HOST })
    expect(res.body.result.map((q: any) => q.tokenId)).toEqual(['USDT', 'USDC'])
    const usdt = res.body.result[0]
    expect(usdt.quoteTokenSymbols).toContainEqual({ baseTokenId: 'BTC', symbol: 'BTCUSDT' })
    expect(usdt.quoteTokenSymbols.length).toBeGreaterThanOrEqual(30)
  })

  it('filters by tokenId and refuses wrong types', async () => {
    const res = await t.post(QUOTE_TOKENS, { tokenId: 'USDC' }, { host: HOST })
    expect(res.body.result.map((q: any) => q.tokenId)).toEqual(['USDC'])
    const before = await tableCounts(t.db)
    expect((await t.post(QUOTE_TOKENS, { tokenId: 5 }, { host: HOST })).body.ret_code).toBe(10001)
    expect((await t.post(QUOTE_TOKENS, { tokenId: 'EUR' }, { host: HOST })).body.ret_code).toBe(
      10001,
    )
    const big = await t.post(QUOTE_TOKENS, { pad: 'x'.repeat(MAX_BODY_BYTES) }, { host: HOST })
    expect(big.status).toBe(413)
    expect(await tableCounts(t.db)).toEqual(before)
  })
})

describe('GET /spot/api/quote/v1/ticker', () => {
  it('answers s and c for 301.{COIN}USDT and USDC symbols, leaving unknown ones out', async () => {
    const res = await get(t, `${TICKER}?symbol=301.BTCUSDT,301.ETHUSDC,301.NOPEUSDT`)
    expect(res.body.ret_code).toBe(0)
    expect(res.body.result.map((x: any) => x.s)).toEqual(['BTCUSDT', 'ETHUSDC'])
    for (const x of res.body.result) {
      expect(x.c).toMatch(DEC)
      expect(Number(x.h)).toBeGreaterThanOrEqual(Number(x.c))
      expect(Number(x.l)).toBeLessThanOrEqual(Number(x.c))
    }
  })

  it('prices stable coins at 1', async () => {
    const res = await get(t, `${TICKER}?symbol=301.USDCUSDT,301.DAIUSDT,301.USDTUSDC`)
    expect(res.body.result.map((x: any) => Number(x.c))).toEqual([1, 1, 1])
  })

  it('accepts 100 symbols and refuses 101 with a clear error', async () => {
    const coins = (await get(t, '/x-api/get-coins')).body.result.map((c: any) => c[1]) as string[]
    const symbols = coins.flatMap((c) => [`301.${c}USDT`, `301.${c}USDC`, `301.${c}BUSD`])
    expect(
      (await get(t, `${TICKER}?symbol=${symbols.slice(0, 100).join(',')}`)).body.ret_code,
    ).toBe(0)
    const res = await get(t, `${TICKER}?symbol=${symbols.slice(0, 101).join(',')}`)
    expect(res.body.ret_code).toBe(10001)
    expect(res.body.ret_msg).toMatch(/at most 100 symbols/)
  })

  it.each([
    ['missing symbol', '', /symbol is required/],
    ['malformed symbol', '?symbol=301.btc-usdt', /must look like 301.BTCUSDT/],
  ])('refuses %s', async (_n, query, msg) => {
    const res = await get(t, `${TICKER}${query}`)
    expect(res.body.ret_code).toBe(10001)
    expect(res.body.ret_msg).toMatch(msg)
  })

  it('ticks every second, deterministically from the seed', async () => {
    // The test clock runs on from the real one: two reads in one second (a loaded machine can
    // cross a second between them; then the pair is read again, at most 5 times).
    const ticker = async () => (await get(t, `${TICKER}?symbol=301.BTCUSDT`)).body.result[0]
    let first = await ticker()
    let again = await ticker()
    for (let i = 0; i < 5 && again.t !== first.t; i++) [first, again] = [again, await ticker()]
    expect(again).toEqual(first)
    t.clock.advance(1000)
    const next = await ticker()
    expect(next.t - first.t).toBeGreaterThanOrEqual(1000)
    expect(next.c).not.toBe(first.c)

    // Another simulator with the same seed draws the same prices at that second; another seed
    // does not.
    const same = new PriceSimulator(t.db, t.config.MARKET_SEED)
    const other = new PriceSimulator(t.db, 'another-seed')
    const at = new Date(next.t)
    expect((await same.quotes(at)).get('BTCUSDT')?.close).toBe(next.c)
    expect((await other.quotes(at)).get('BTCUSDT')?.close).not.toBe(next.c)
  })
})

describe('GET /spot/api/quote/v1/kline', () => {
  it.each(CANDLE_INTERVALS.map((i) => [i]))(
    'answers %s candles, oldest first',
    async (interval) => {
      const res = await get(t, `${KLINE}?symbol=BTCUSDT&interval=${interval}&limit=5`)
      expect(res.body.ret_code).toBe(0)
      const list = res.body.result.list as any[]
      expect(list).toHaveLength(5)
      for (let i = 0; i < list.length; i++) {
        const k = list[i]
        for (const f of ['o', 'h', 'l', 'c', 'v', 'qv']) expect(k[f]).toMatch(DEC)
        expect(Number(k.h)).toBeGreaterThanOrEqual(Math.max(Number(k.o), Number(k.c)))
        expect(Number(k.l)).toBeLessThanOrEqual(Math.min(Number(k.o), Number(k.c)))
        if (i > 0) expect(k.t).toBeGreaterThan(list[i - 1].t)
      }
      const last = list[list.length - 1]
      expect(last.t).toBeLessThanOrEqual(t.clock.now().getTime())
    },
  )

  it('aligns months to the calendar and weeks to Mondays', async () => {
    const month = (await get(t, `${KLINE}?symbol=ETHUSDT&interval=1M&limit=2`)).body.result.list
    expect(new Date(month[1].t).getUTCDate()).toBe(1)
    const week = (await get(t, `${KLINE}?symbol=ETHUSDT&interval=1w&limit=1`)).body.result.list
    expect(new Date(week[0].t).getUTCDay()).toBe(1)
  })

  it('the last 1m candle closes at the ticker price', async () => {
    const k = (await get(t, `${KLINE}?symbol=SOLUSDT&interval=1m&limit=1`)).body.result.list[0]
    const tick = (await get(t, `${TICKER}?symbol=301.SOLUSDT`)).body.result[0]
    expect(k.c).toBe(tick.c)
  })

  it.each([
    ['bad interval', '?symbol=BTCUSDT&interval=2m', /interval must be one of/],
    ['unknown symbol', '?symbol=NOPEUSDT&interval=1h', /unknown symbol/],
    ['limit too big', '?symbol=BTCUSDT&interval=1h&limit=5000', /limit/],
    ['limit not a number', '?symbol=BTCUSDT&interval=1h&limit=ten', /limit/],
  ])('refuses %s', async (_n, query, msg) => {
    const res = await get(t, `${KLINE}${query}`)
    expect(res.body.ret_code).toBe(10001)
    expect(res.body.ret_msg).toMatch(msg)
  })
})

describe('reference data', () => {
  it('exchange-rate answers a rate by name, also when logged out', async () => {
    const res = await get(t, '/x-api/v3/private/cht/asset-common/exchange-rate?name=EUR')
    expect(res.body).toMatchObject({
      ret_code: 0,
      result: { name: 'EUR', base: 'USD', rate: '0.92' },
    })
    const missing = await get(t, '/x-api/v3/private/cht/asset-common/exchange-rate')
    expect(missing.body.ret_code).toBe(10001)
    const unknown = await get(t, '/x-api/v3/private/cht/asset-common/exchange-rate?name=XYZ')
    expect(unknown.body.ret_msg).toMatch(/unknown currency XYZ/)
  })

  it('strategy-info answers a strategy by id, priced from the simulator', async () => {
    // The simulator moves between two reads (a loaded machine may cross a tick between them):
    // the strategy's price is the ticker's just before or just after it.
    const tickBefore = (await get(t, `${TICKER}?symbol=301.BTCUSDT`)).body.result[0]
    const res = await get(t, '/x-api/discovery/v5/private/discovery/strategy-info?strategy_id=1001')
    const tickAfter = (await get(t, `${TICKER}?symbol=301.BTCUSDT`)).body.result[0]
    expect(res.body.result).toMatchObject({ strategy_id: '1001', symbol: 'BTCUSDT' })
    expect([tickBefore.c, tickAfter.c]).toContain(res.body.result.last_price)
    for (const q of ['', '?strategy_id=abc', '?strategy_id=999']) {
      const bad = await get(t, `/x-api/discovery/v5/private/discovery/strategy-info${q}`)
      expect(bad.body.ret_code).toBe(10001)
    }
  })
})
