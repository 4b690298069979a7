import Decimal from 'decimal.js'
import type { GetSwapQuoteRequest, LiquidityPool } from '../../../../contract/earn-liquidity.schema'

export type LiquidityAction = 'add' | 'remove' | 'reinvest' | 'reduce'

const DECIMAL = /^\d+(\.\d+)?$/

/** The pair's other coin: what half of an amount of `coin` is swapped to. */
export const otherCoinOf = (pool: Pick<LiquidityPool, 'base_coin' | 'quote_coin'>, coin: string) =>
  coin === pool.base_coin ? pool.quote_coin : pool.base_coin

/**
 * The swap the pool makes for an operation on `amount` of `coin`: half of it, cut to the coin's
 * digits (ours: a two-coin pool holds equal value of each side). Null when there is nothing to quote.
 */
export function swapRequestFor(
  amount: string,
  coin: string,
  toCoin: string,
  digits: number,
): GetSwapQuoteRequest | null {
  if (!DECIMAL.test(amount)) return null
  const half = new Decimal(amount).div(2).toDecimalPlaces(digits, Decimal.ROUND_DOWN)
  if (half.lte(0)) return null
  return { from_coin: coin, to_coin: toCoin, amount: half.toFixed() }
}

/**
 * A positive amount within the pool's per-order limits and the balance: the problem, or null
 * when fine.
 */
export function amountProblem(
  amount: string,
  available: string | null,
  limits?: Pick<LiquidityPool, 'min_amount' | 'max_amount'>,
): 'invalid' | 'belowMin' | 'overLimit' | 'insufficient' | null {
  if (!DECIMAL.test(amount) || new Decimal(amount).lte(0)) return 'invalid'
  const value = new Decimal(amount)
  if (limits && value.lt(limits.min_amount)) return 'belowMin'
  if (limits && value.gt(limits.max_amount)) return 'overLimit'
  if (available !== null && value.gt(available)) return 'insufficient'
  return null
}

/** Leverage from `min` to `max` (add: max included; reduce: strictly below the current one). */
export function leverageOk(value: string, min: string, max: string, maxIncluded: boolean) {
  if (!DECIMAL.test(value)) return false
  const v = new Decimal(value)
  return v.gte(min) && (maxIncluded ? v.lte(max) : v.lt(max))
}
