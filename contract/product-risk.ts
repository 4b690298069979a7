import { ProductType } from './enums'

// Shared by the client (cards, home order) and the server (the shared product card).

export type RiskLevel = 'low' | 'medium' | 'high'

/**
 * Home's order of product types, lowest risk first (issue 17): a newcomer meets flexible
 * savings before anything that can lose principal. Types not listed go last.
 */
const RISK_ORDER: readonly ProductType[] = [
  ProductType.Flexible,
  ProductType.FixedTerm,
  ProductType.POS,
  ProductType.WEALTH,
  ProductType.NETWORTH,
  ProductType.FundPoolPremium,
  ProductType.Launch,
  ProductType.Cloud,
  ProductType.Defi,
  ProductType.Liquidity,
  ProductType.Dual,
  ProductType.DOUBLEWIN,
  ProductType.DISCOUNT,
  ProductType.UltraDiscountBuy,
  ProductType.StructuredProduct,
  ProductType.FUTUREBOOST,
]

/** Savings, fixed term, staking and wealth: principal back in the same coin. */
const LOW: ReadonlySet<ProductType> = new Set(RISK_ORDER.slice(0, 4))
/**
 * Liquidity onward: principal at risk, paid in another coin by a price outcome, or with
 * leverage or pool (impermanent) loss.
 */
const HIGH: ReadonlySet<ProductType> = new Set(
  RISK_ORDER.slice(RISK_ORDER.indexOf(ProductType.Liquidity)),
)

export const riskLevel = (type: number): RiskLevel =>
  HIGH.has(type as ProductType) ? 'high' : LOW.has(type as ProductType) ? 'low' : 'medium'

const rank = (type: number) => {
  const i = RISK_ORDER.indexOf(type as ProductType)
  return i === -1 ? RISK_ORDER.length : i
}

/** Product types lowest risk first; the server's order (by APR) is kept inside a type. */
export const byRisk = (a: number, b: number) => rank(a) - rank(b)
