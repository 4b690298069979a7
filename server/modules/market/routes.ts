import { asc } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  quoteTokensRequest,
  SPOT_EXCHANGE_ID,
  TICKER_BATCH_LIMIT,
  type CoinTuple,
  type QuoteToken,
  type Ticker,
} from '../../../contract/market.schema'
import { COINS_PATH } from '../../../contract/paths'
import type { AppContext } from '../../deps'
import { coins } from '../../db/schema'
import { envelope, readJson } from '../../http/envelope'
import { ApiError, RetCode } from '../../http/errors'
import { CANDLE_INTERVALS, isCandleInterval, samplesPerCandle } from './candle-intervals'
import { QUOTE_COINS } from './price-simulator'

const SYMBOL = /^[A-Z0-9]{2,20}$/
const CANDLE_LIMIT_MAX = 1000
/**
 * The anonymous kline call's work: candles × price samples per candle (10001 beyond). 1000
 * one-minute candles (60 samples each) fit; 3-minute candles (180 samples) 333, most others 500.
 */
export const KLINE_SAMPLE_BUDGET = 60_000

/** Coins, quote tokens, tickers and candles: public market data, no login needed. */
export function marketRoutes({
  db,
  clock,
  market,
}: Pick<AppContext, 'db' | 'clock' | 'market'>): Hono {
  return new Hono()
    .get(COINS_PATH, async (c) => {
      const rows = await db.select().from(coins).orderBy(asc(coins.sortOrder))
      const result: CoinTuple[] = rows.map((r) => [
        r.coinEnum,
        r.name,
        r.assetDigits,
        r.transactionDigits,
        r.iconDark,
        r.iconLight,
      ])
      return c.json(envelope(result, clock))
    })
    .post('/spot/s_api/basic/quote_tokens', async (c) => {
      const { tokenId } = await readJson(c, quoteTokensRequest)
      const symbols = await market.symbols()
      const result: QuoteToken[] = QUOTE_COINS.filter((q) => !tokenId || q === tokenId).map(
        (quote) => ({
          tokenId: quote,
          quoteTokenSymbols: symbols
            .filter((s) => s.endsWith(quote) && s.length > quote.length)
            .map((symbol) => ({ baseTokenId: symbol.slice(0, -quote.length), symbol })),
        }),
      )
      return c.json(envelope(result, clock))
    })
    .get('/spot/api/quote/v1/ticker', async (c) => {
      const symbols = parseSymbolList(c.req.query('symbol'))
      const quotes = await market.quotes(clock.now())
      // Unknown but well-formed symbols are left out: the client shows 0 for them (spec §8).
      const result: Ticker[] = symbols.flatMap((s) => {
        const q = quotes.get(s)
        if (!q) return []
        return [
          {
            x: SPOT_EXCHANGE_ID,
            s,
            c: q.close,
            o: q.open,
            h: q.high,
            l: q.low,
            v: q.volume,
            qv: q.quoteVolume,
            m: q.range,
            t: q.currentTime,
          },
        ]
      })
      return c.json(envelope(result, clock))
    })
    .get('/spot/api/quote/v1/kline', async (c) => {
      const symbol = stripExchange(c.req.query('symbol') ?? '')
      if (!SYMBOL.test(symbol)) throw invalid('symbol must look like BTCUSDT or 301.BTCUSDT')
      const interval = c.req.query('interval') ?? ''
      if (!isCandleInterval(interval)) {
        throw invalid(`interval must be one of ${CANDLE_INTERVALS.join(', ')}`)
      }
      const limit = parseIntParam(c.req.query('limit'), 200, 1, CANDLE_LIMIT_MAX, 'limit')
      const samples = limit * samplesPerCandle(interval)
      if (samples > KLINE_SAMPLE_BUDGET) {
        throw invalid(
          `limit: at most ${Math.floor(KLINE_SAMPLE_BUDGET / samplesPerCandle(interval))} candles of ${interval}`,
        )
      }
      const now = clock.now().getTime()
      const to = parseIntParam(c.req.query('to'), now, 0, now, 'to')
      const candles = await market.candles(symbol, interval, new Date(to), limit)
      if (!candles) throw invalid(`unknown symbol ${symbol}`)
      return c.json(envelope({ symbol, interval, list: candles }, clock))
    })
}

const invalid = (msg: string) => new ApiError(RetCode.InvalidRequest, msg)

const stripExchange = (s: string) =>
  s.startsWith(`${SPOT_EXCHANGE_ID}.`) ? s.slice(SPOT_EXCHANGE_ID.length + 1) : s

/** symbol=301.BTCUSDT,301.ETHUSDT → ['BTCUSDT', 'ETHUSDT'] (at most 100, spec §9). */
export function parseSymbolList(raw: string | undefined): string[] {
  if (!raw || raw.trim() === '') throw invalid('symbol is required (e.g. 301.BTCUSDT,301.ETHUSDT)')
  const parts = raw.split(',').map((p) => p.trim())
  if (parts.length > TICKER_BATCH_LIMIT) {
    throw invalid(`at most ${TICKER_BATCH_LIMIT} symbols per request, got ${parts.length}`)
  }
  const symbols = parts.map(stripExchange)
  const bad = symbols.find((s) => !SYMBOL.test(s))
  if (bad !== undefined) throw invalid(`symbol "${bad}" must look like 301.BTCUSDT`)
  return [...new Set(symbols)]
}

function parseIntParam(
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
  name: string,
): number {
  if (raw === undefined || raw === '') return fallback
  if (!/^\d+$/.test(raw)) throw invalid(`${name} must be a whole number`)
  const n = Number(raw)
  if (n < min || n > max) throw invalid(`${name} must be between ${min} and ${max}`)
  return n
}
