import type { Ticker } from '../../../contract/market.schema'
import { environmentFor } from '../env/environment'
import { apiRequest } from '../http/api-client'

export const TICKER_PATH = '/spot/api/quote/v1/ticker'
/** Symbols per ticker request (spec §9). */
export const TICKER_BATCH_SIZE = 100
/** Exchange id prefixing spot symbols in ticker queries (spec §7). */
export const SPOT_SYMBOL_PREFIX = '301.'
/** Coins priced at 1 without asking (spec §9). */
export const STABLE_COINS: readonly string[] = ['USDT', 'USDC', 'BUSD', 'DAI']

/** The quote coin of ticker symbols: USDC on the EU domain, USDT elsewhere (spec §7). */
export const tickerQuoteCoin = (euDomain: boolean) => (euDomain ? 'USDC' : 'USDT')

/** This page's quote coin: its host decides whether it is the EU site. */
export const siteQuoteCoin = (host: string = location.host) =>
  tickerQuoteCoin(environmentFor(host).eu)

/** 301.{COIN}{QUOTE} for every coin that is not a stable coin, in batches of 100. */
export function tickerSymbolBatches(coins: readonly string[], quote: string): string[][] {
  const symbols = [...new Set(coins.map((c) => c.toUpperCase()))]
    .filter((c) => !STABLE_COINS.includes(c))
    .map((c) => `${SPOT_SYMBOL_PREFIX}${c}${quote}`)
  const batches: string[][] = []
  for (let i = 0; i < symbols.length; i += TICKER_BATCH_SIZE) {
    batches.push(symbols.slice(i, i + TICKER_BATCH_SIZE))
  }
  return batches
}

/** Coin → last price in the quote coin; stable coins are 1; a failed batch adds nothing. */
export async function fetchCoinPrices(
  coins: readonly string[],
  quote: string = siteQuoteCoin(),
): Promise<Record<string, string>> {
  const prices: Record<string, string> = Object.fromEntries(STABLE_COINS.map((c) => [c, '1']))
  const batches = tickerSymbolBatches(coins, quote)
  const results = await Promise.allSettled(
    batches.map((b) => apiRequest<Ticker[]>('GET', TICKER_PATH, { symbol: b.join(',') })),
  )
  for (const r of results) {
    if (r.status !== 'fulfilled' || !Array.isArray(r.value)) continue
    for (const { s, c } of r.value) {
      const symbol = s.startsWith(SPOT_SYMBOL_PREFIX) ? s.slice(SPOT_SYMBOL_PREFIX.length) : s
      if (symbol.endsWith(quote)) prices[symbol.slice(0, -quote.length)] = c
    }
  }
  return prices
}
