import Decimal from 'decimal.js'
import { asc } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { coins } from '../../db/schema'
import { candleWindows, sampleStride, type CandleInterval } from './candle-intervals'
import { coinPath, usdAt, volumeBetween, type CoinPath } from './price-path'

export const QUOTE_COINS = ['USDT', 'USDC'] as const
export type QuoteCoin = (typeof QUOTE_COINS)[number]

/** Share of a coin's volume traded against USDC (the rest against USDT). */
const USDC_VOLUME_SHARE = 0.35
/** Spec §3: startTime = currentTime - 86399000 ms. */
const WINDOW_S = 86_399

type Pair = { symbol: string; base: CoinPath; quote: QuoteCoin; volumeDigits: number }

/** A pair's rolling 24 h quote (spec §3 realtime spot quote), decimal strings. */
export type PairQuote = {
  symbol: string
  currentTime: number
  startTime: number
  open: string
  high: string
  low: string
  close: string
  volume: string
  quoteVolume: string
  /** (close - open) / open */
  range: string
}

export type Candle = {
  t: number
  o: string
  h: string
  l: string
  c: string
  v: string
  qv: string
}

/**
 * The market: every coin against USDT and USDC, drawn from a seed, ticking every second.
 * The single source of tickers, candles, USD valuations and the quote socket.
 */
export class PriceSimulator {
  #loaded?: Promise<void>
  #pairs = new Map<string, Pair>()
  #paths = new Map<string, CoinPath>()
  #minuteStats = new Map<string, { minute: number; high: number; low: number }>()
  #snapshot?: { second: number; quotes: Promise<Map<string, PairQuote>> }
  /** TEST_MODE only (POST test/pin-price): a coin's USD price at one second ("BTC@1760000000"). */
  #pins = new Map<string, string>()
  /** Instants (ms) a coin has no price: only the TEST_MODE price-gap route adds any. */
  #gaps = new Map<string, Set<number>>()

  constructor(
    private readonly db: Database,
    private readonly seed: string,
  ) {}

  /** Loads the coin list once (the seed has run by the time the first request arrives). */
  ready(): Promise<void> {
    return (this.#loaded ??= this.#load().catch((err: unknown) => {
      this.#loaded = undefined
      throw err
    }))
  }

  async #load(): Promise<void> {
    const rows = await this.db.select().from(coins).orderBy(asc(coins.sortOrder))
    for (const row of rows) {
      const path = coinPath(this.seed, row.name, Number(row.referencePrice))
      this.#paths.set(row.name, path)
      for (const quote of QUOTE_COINS) {
        if (row.name === quote) continue
        const symbol = `${row.name}${quote}`
        this.#pairs.set(symbol, {
          symbol,
          base: path,
          quote,
          volumeDigits: Math.min(row.transactionDigits + 2, 8),
        })
      }
    }
  }

  /** Every pair symbol, e.g. BTCUSDT, BTCUSDC. */
  async symbols(): Promise<string[]> {
    await this.ready()
    return [...this.#pairs.keys()]
  }

  async hasSymbol(symbol: string): Promise<boolean> {
    await this.ready()
    return this.#pairs.has(symbol)
  }

  /** USD price of a coin (stable coins 1), or null for an unknown coin. */
  async usdPrice(coin: string, at: Date): Promise<string | null> {
    await this.ready()
    if (this.#gaps.get(coin.toUpperCase())?.has(at.getTime())) return null
    const path = this.#paths.get(coin.toUpperCase())
    if (!path) return null
    const second = Math.floor(at.getTime() / 1000)
    const pinned = this.#pins.get(`${path.name}@${second}`)
    return new Decimal(pinned ?? usdAt(path, second)).toFixed(path.priceDigits)
  }

  /**
   * Pins a coin's USD price at one second (the TEST_MODE route test/pin-price): e2e settles a
   * dual-asset position on a chosen side of its target at its settlement second, without
   * moving the clock for weeks to find such a price on the path. Nothing else reads that second.
   */
  pinPrice(coin: string, second: number, price: string): void {
    this.#pins.set(`${coin.toUpperCase()}@${second}`, price)
  }

  /**
   * A price-feed gap: no price of `coin` at exactly this instant (a dual settlement due then
   * fails and refunds). Called only by the TEST_MODE test/price-gap route.
   */
  addPriceGap(coin: string, at: Date): void {
    const key = coin.toUpperCase()
    this.#gaps.set(key, (this.#gaps.get(key) ?? new Set()).add(at.getTime()))
  }

  /** All pairs' 24 h quotes at this second (computed once per second, shared by all readers). */
  async quotes(at: Date): Promise<Map<string, PairQuote>> {
    await this.ready()
    const second = Math.floor(at.getTime() / 1000)
    if (this.#snapshot?.second !== second) {
      this.#snapshot = { second, quotes: Promise.resolve(this.#computeQuotes(second)) }
    }
    return this.#snapshot.quotes
  }

  #computeQuotes(second: number): Map<string, PairQuote> {
    const out = new Map<string, PairQuote>()
    for (const pair of this.#pairs.values()) out.set(pair.symbol, this.#pairQuote(pair, second))
    return out
  }

  #pairQuote(pair: Pair, second: number): PairQuote {
    const path = pair.base
    const from = second - WINDOW_S
    const open = usdAt(path, from)
    const close = usdAt(path, second)
    const minutes = this.#minuteHighLow(path, second)
    const high = Math.max(minutes.high, open, close)
    const low = Math.min(minutes.low, open, close)
    const share = pair.quote === 'USDC' ? USDC_VOLUME_SHARE : 1 - USDC_VOLUME_SHARE
    let volume = 0
    let quoteVolume = 0
    // Quote volume: 24 hourly slices, each valued at its midpoint price.
    const slice = (WINDOW_S + 1) / 24
    for (let i = 0; i < 24; i++) {
      const a = from + i * slice
      const v = volumeBetween(path, a, a + slice) * share
      volume += v
      quoteVolume += v * usdAt(path, Math.floor(a + slice / 2))
    }
    const digits = path.priceDigits
    const o = new Decimal(open.toFixed(digits))
    const c = new Decimal(close.toFixed(digits))
    return {
      symbol: pair.symbol,
      currentTime: second * 1000,
      startTime: second * 1000 - WINDOW_S * 1000,
      open: o.toFixed(digits),
      high: high.toFixed(digits),
      low: low.toFixed(digits),
      close: c.toFixed(digits),
      volume: volume.toFixed(pair.volumeDigits),
      quoteVolume: quoteVolume.toFixed(4),
      range: o.isZero() ? '0' : c.minus(o).div(o).toFixed(4),
    }
  }

  /** High and low of the whole-minute samples in the 24 h window (cached per minute). */
  #minuteHighLow(path: CoinPath, second: number): { high: number; low: number } {
    const minute = Math.floor(second / 60)
    const cached = this.#minuteStats.get(path.name)
    if (cached?.minute === minute) return cached
    let high = -Infinity
    let low = Infinity
    for (let m = minute - 1439; m <= minute; m++) {
      const p = usdAt(path, m * 60)
      if (p > high) high = p
      if (p < low) low = p
    }
    const stats = { minute, high, low }
    this.#minuteStats.set(path.name, stats)
    return stats
  }

  /** Candles of one pair, oldest first, ending with the (partial) candle containing `at`. */
  async candles(symbol: string, interval: CandleInterval, at: Date, limit: number) {
    await this.ready()
    const pair = this.#pairs.get(symbol)
    if (!pair) return null
    const now = Math.floor(at.getTime() / 1000)
    const path = pair.base
    const digits = path.priceDigits
    const share = pair.quote === 'USDC' ? USDC_VOLUME_SHARE : 1 - USDC_VOLUME_SHARE
    return candleWindows(interval, now, limit).map(([start, end]): Candle => {
      const last = Math.min(end - 1, now)
      // About SAMPLES_PER_CANDLE evenly spaced samples: exact for 1m, sampled above that.
      const stride = sampleStride(end - start)
      const open = usdAt(path, start)
      const close = usdAt(path, last)
      let high = Math.max(open, close)
      let low = Math.min(open, close)
      let weighted = 0
      let count = 0
      for (let s = start; s <= last; s += stride) {
        const p = usdAt(path, s)
        if (p > high) high = p
        if (p < low) low = p
        weighted += p
        count++
      }
      const volume = volumeBetween(path, start, last + 1) * share
      return {
        t: start * 1000,
        o: open.toFixed(digits),
        h: high.toFixed(digits),
        l: low.toFixed(digits),
        c: close.toFixed(digits),
        v: volume.toFixed(pair.volumeDigits),
        qv: ((volume * weighted) / Math.max(count, 1)).toFixed(4),
      }
    })
  }
}
