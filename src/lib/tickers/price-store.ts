import Decimal from 'decimal.js'

/** A coin's price in prices (coin → last price); unknown coins are 0 (spec §8). */
export const coinPrice = (coin: string, prices: Readonly<Record<string, string>>) =>
  new Decimal(prices[coin.toUpperCase()] ?? 0)

/** The value of holdings at these prices, as a decimal string. */
export function usdTotal(
  holdings: readonly { coin: string; amount: string }[],
  prices: Readonly<Record<string, string>>,
): string {
  return holdings
    .reduce(
      (sum, h) => sum.plus(new Decimal(h.amount || 0).times(coinPrice(h.coin, prices))),
      new Decimal(0),
    )
    .toFixed()
}
