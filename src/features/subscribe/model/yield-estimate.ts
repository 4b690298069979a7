import Decimal from 'decimal.js'
import type { AprTier } from '../../../../contract/earn.schema'

const DAYS_PER_YEAR = 365

/**
 * The blended APR of an amount under tiered rates: each slice of the amount earns its tier's
 * APR (Binance/Bybit style), so 1 000 USDT over a 500 tier earns two rates.
 */
export function tieredApr(amount: string, baseApr: string, tiers: readonly AprTier[]): Decimal {
  const total = safeDecimal(amount)
  if (tiers.length === 0 || total.lte(0)) return safeDecimal(baseApr)
  let earned = new Decimal(0)
  for (const tier of tiers) {
    const from = new Decimal(tier.min_amount)
    const to = tier.max_amount === null ? total : Decimal.min(total, tier.max_amount)
    if (to.gt(from)) earned = earned.plus(to.minus(from).times(tier.apr))
  }
  return earned.div(total)
}

export type YieldEstimate = { apr: Decimal; daily: Decimal; term: Decimal | null }

/** Daily yield, and the yield over the term for fixed products (term_days > 0). */
export function estimateYield(input: {
  amount: string
  apr: string
  tiers: readonly AprTier[]
  termDays: number
  /** An APR boost voucher's extra APR. */
  boost?: string
}): YieldEstimate {
  const amount = safeDecimal(input.amount)
  const apr = tieredApr(input.amount, input.apr, input.tiers).plus(safeDecimal(input.boost ?? '0'))
  const daily = amount.times(apr).div(DAYS_PER_YEAR)
  return { apr, daily, term: input.termDays > 0 ? daily.times(input.termDays) : null }
}

function safeDecimal(value: string): Decimal {
  try {
    const d = new Decimal(value || 0)
    return d.isFinite() ? d : new Decimal(0)
  } catch {
    return new Decimal(0)
  }
}
