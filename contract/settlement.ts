import { DualDirection, ProductType } from './enums'

// The settlement formula of structured products, shared by both halves: the server settles
// positions with it (server/modules/earn/dual.ts) and the product page's outcome explainer
// computes its scenario table with it, so what the page promises is what the job pays.
// contract/ stays dependency-free: the caller hands in its decimal class (decimal.js's Decimal
// or a clone of it), the formula only uses the operations below.

/** The decimal operations the formula needs (decimal.js's Decimal has them all). */
export interface DecimalOps<D> {
  plus(n: D | string | number): D
  times(n: D | string | number): D
  div(n: D | string | number): D
  lte(n: D | string | number): boolean
  gte(n: D | string | number): boolean
  toDecimalPlaces(dp: number, rounding: 1): D
  toFixed(): string
}
/** A decimal class: `new D(value)` plus decimal.js's rounding constant. */
export type DecimalClass<D extends DecimalOps<D>> = {
  new (value: string | number): D
  readonly ROUND_DOWN: 1
}

/**
 * The decimal context settlement runs in (the server's Money): 64 significant digits, cut
 * towards zero. A caller's class must be a clone with it (`Decimal.clone(DECIMAL_CONTEXT)`):
 * decimal.js's default 20 digits rounding half up can land a payout on the other side of an
 * 8-decimal cut (365 × (1 + 0.1 × 10 / 365) is 366 there, 365.99999999 here).
 */
export const DECIMAL_CONTEXT = { precision: 64, rounding: 1 } as const

/** Payouts are cut (never rounded up) to the exchange's 8 asset digits. */
export const PAYOUT_DP = 8
/** APR is a rate per year of 365 days. */
const DAYS_PER_YEAR = 365

/**
 * Product types a user acknowledges the risk of, once per type, before the first
 * subscription (docs/api.md acknowledge-risk): their outcome depends on an index price.
 */
export const RISK_ACK_PRODUCT_TYPES: readonly ProductType[] = [
  ProductType.Dual,
  ProductType.DOUBLEWIN,
  ProductType.DISCOUNT,
  ProductType.UltraDiscountBuy,
  ProductType.FUTUREBOOST,
]

/** The terms a dual-asset position settles on (fixed at subscription). */
export type DualTerms = {
  principal: string
  /** The product's APR as a fraction ("0.452"). */
  apr: string
  termDays: number
  direction: DualDirection
  targetPrice: string
  /** The coin subscribed (and paid back when not converted). */
  investCoin: string
  baseCoin: string
  quoteCoin: string
}

export type Payout<D> = { coin: string; amount: D; converted: boolean }

/** Principal plus the term's yield: principal × (1 + APR × days / 365). */
export function grossAtMaturity<D extends DecimalOps<D>>(
  Dec: DecimalClass<D>,
  principal: string,
  apr: string,
  termDays: number,
): D {
  return new Dec(principal).times(new Dec(1).plus(new Dec(apr).times(termDays).div(DAYS_PER_YEAR)))
}

/** Whether the settlement price converts the position: buy-low at or below, sell-high at or above. */
function isConverted<D extends DecimalOps<D>>(
  Dec: DecimalClass<D>,
  direction: DualDirection,
  price: string,
  targetPrice: string,
): boolean {
  const p = new Dec(price)
  return direction === DualDirection.BUY_LOW ? p.lte(targetPrice) : p.gte(targetPrice)
}

/**
 * What a dual-asset position pays in one outcome: unconverted, the gross in the coin invested;
 * converted, buy-low buys the base coin at the target (gross ÷ target), sell-high sells it
 * (gross × target) for the quote coin. Cut to PAYOUT_DP.
 */
export function dualPayout<D extends DecimalOps<D>>(
  Dec: DecimalClass<D>,
  terms: DualTerms,
  converted: boolean,
): Payout<D> {
  const gross = grossAtMaturity(Dec, terms.principal, terms.apr, terms.termDays)
  const buyLow = terms.direction === DualDirection.BUY_LOW
  const amount = !converted
    ? gross
    : buyLow
      ? gross.div(terms.targetPrice)
      : gross.times(terms.targetPrice)
  const coin = !converted ? terms.investCoin : buyLow ? terms.baseCoin : terms.quoteCoin
  return { coin, amount: amount.toDecimalPlaces(PAYOUT_DP, Dec.ROUND_DOWN), converted }
}

/** The settlement of a dual-asset position at `price` (what the maturity job pays). */
export function dualSettlement<D extends DecimalOps<D>>(
  Dec: DecimalClass<D>,
  terms: DualTerms,
  price: string,
): Payout<D> {
  return dualPayout(Dec, terms, isConverted(Dec, terms.direction, price, terms.targetPrice))
}

/** One row of the outcome explainer: the price side relative to the target and its payout. */
export type DualScenario<D> = Payout<D> & {
  /** 'atOrBelow' / 'above' for buy-low, 'below' / 'atOrAbove' for sell-high. */
  side: 'atOrBelow' | 'above' | 'below' | 'atOrAbove'
}

/** Both outcomes of a dual-asset position, the lower price side first. */
export function dualScenarios<D extends DecimalOps<D>>(
  Dec: DecimalClass<D>,
  terms: DualTerms,
): [DualScenario<D>, DualScenario<D>] {
  if (terms.direction === DualDirection.BUY_LOW)
    return [
      { side: 'atOrBelow', ...dualPayout(Dec, terms, true) },
      { side: 'above', ...dualPayout(Dec, terms, false) },
    ]
  return [
    { side: 'below', ...dualPayout(Dec, terms, false) },
    { side: 'atOrAbove', ...dualPayout(Dec, terms, true) },
  ]
}
