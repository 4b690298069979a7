import Decimal from 'decimal.js'
import { proxy } from 'valtio'
import { fetchCoinPrices } from './tickers'

/** Last USD(T) price per coin, for USD totals. */
export const priceStore = proxy<{ prices: Record<string, string> }>({ prices: {} })

/** A coin's price; unknown coins are 0 (spec §8). */
export const coinPrice = (coin: string, prices = priceStore.prices) =>
  new Decimal(prices[coin.toUpperCase()] ?? 0)

/** The USD value of holdings, as a decimal string. */
export function usdTotal(
  holdings: readonly { coin: string; amount: string }[],
  prices = priceStore.prices,
): string {
  return holdings
    .reduce(
      (sum, h) => sum.plus(new Decimal(h.amount || 0).times(coinPrice(h.coin, prices))),
      new Decimal(0),
    )
    .toFixed()
}

/** Refreshes the store's prices for these coins. */
export async function refreshPrices(coins: readonly string[], quote?: string): Promise<void> {
  priceStore.prices = { ...priceStore.prices, ...(await fetchCoinPrices(coins, quote)) }
}
