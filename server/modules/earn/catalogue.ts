import { and, countDistinct, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { AprTier, ProductDetail, ProductOffer } from '../../../contract/earn.schema'
import {
  CoinOnSaleStatus,
  PAGE_PRODUCT_TYPES,
  PositionStatus,
  ProductAvailability,
  ProductCardStatus,
  ProductStage,
  ProductType,
  SubscriptionState,
  type PageKey,
  type ProductType as ProductTypeValue,
} from '../../../contract/enums'
import { earnPositions, products } from '../../db/schema'
import type { CurrentUser } from '../../http/auth'
import { ApiError, RetCode } from '../../http/errors'
import { money, toUnix, trimDecimal, type Executor, type Money } from './money'
import { cardStatusOf, subscriptionStateOf } from './product-status'

export type ProductRow = typeof products.$inferSelect

/** How a product type behaves once subscribed. */
export type Behaviour = 'flexible' | 'fixed' | 'dual' | 'liquidity'

export function behaviourOf(p: Pick<ProductRow, 'productType' | 'termDays'>): Behaviour {
  if (p.productType === ProductType.Dual) return 'dual'
  if (p.productType === ProductType.Liquidity) return 'liquidity'
  return p.termDays > 0 ? 'fixed' : 'flexible'
}

/** Products priced off the index at subscription: pay-order must carry the quoted price. */
export const PRICED_TYPES: readonly number[] = [
  ProductType.Dual,
  ProductType.DOUBLEWIN,
  ProductType.DISCOUNT,
  ProductType.FUTUREBOOST,
  ProductType.UltraDiscountBuy,
]
/** A quote stays good while the index moves less than this fraction. */
export const QUOTE_TOLERANCE = '0.005'

const pageKeysOf = (type: number): PageKey[] =>
  (Object.entries(PAGE_PRODUCT_TYPES) as [PageKey, readonly number[]][])
    .filter(([, types]) => types.includes(type))
    .map(([k]) => k)

export const tiersOf = (p: ProductRow): AprTier[] =>
  p.aprTiers.map((t) => ({ min_amount: t.min, max_amount: t.max, apr: trimDecimal(t.apr) }))

/** Yearly yield of a holding: tier by tier when tiered, else holding × APR. */
export function yearlyYield(
  p: Pick<ProductRow, 'apr' | 'aprTiers'>,
  holding: Money,
  boost: Money = money(0),
): Money {
  if (!p.aprTiers.length) return holding.times(money(p.apr).plus(boost))
  let total = money(0)
  for (const t of p.aprTiers) {
    const lo = money(t.min)
    const hi = t.max === null ? holding : minOf(holding, money(t.max))
    if (hi.gt(lo)) total = total.plus(hi.minus(lo).times(money(t.apr).plus(boost)))
  }
  return total
}

const minOf = (a: Money, b: Money) => (a.lt(b) ? a : b)

export const aprMaxOf = (p: ProductRow) =>
  p.aprTiers.reduce((m, t) => (money(t.apr).gt(m) ? money(t.apr) : m), money(p.apr))

/** Stage of staged products (launchpool, structured), derived from the window and the clock. */
export function stageOf(p: ProductRow, now: Date): ProductStage | null {
  if (p.productType !== ProductType.Launch && p.productType !== ProductType.StructuredProduct)
    return null
  if (p.stage !== null) return p.stage as ProductStage
  if (p.offline) return ProductStage.Suspended
  const state = subscriptionStateOf(p, now)
  if (state === SubscriptionState.Unstarted) return ProductStage.Pending
  if (state === SubscriptionState.Ended) return ProductStage.Completed
  return ProductStage.Active
}

/** Coin-on-sale status of launchpool and discount-buy coins. */
export function coinOnSaleStatusOf(p: ProductRow, now: Date): CoinOnSaleStatus | null {
  const sale: number[] = [ProductType.Launch, ProductType.DISCOUNT, ProductType.UltraDiscountBuy]
  if (!sale.includes(p.productType)) return null
  if (p.coinOnSaleStatus !== null) return p.coinOnSaleStatus as CoinOnSaleStatus
  const state = subscriptionStateOf(p, now)
  if (p.offline || state === SubscriptionState.Ended) return CoinOnSaleStatus.Suspended
  return state === SubscriptionState.Unstarted ? CoinOnSaleStatus.Pending : CoinOnSaleStatus.Active
}

/** Availability for one user (spec §4), with plain words when not Available. */
export function availabilityOf(
  p: ProductRow,
  user: CurrentUser | null,
): { availability: ProductAvailability; reason: string } {
  if (!user) return { availability: ProductAvailability.NotloggedIn, reason: 'log in to subscribe' }
  if (user.status !== 1) {
    return {
      availability: ProductAvailability.KycLimitedQueryException,
      reason: 'account status could not be verified',
    }
  }
  if (user.tagBlocked)
    return {
      availability: ProductAvailability.TagBlocked,
      reason: 'this account cannot buy earn products',
    }
  if (user.kycLevel < p.minKycLevel) {
    return {
      availability: ProductAvailability.KycLimited,
      reason: `identity verification level ${p.minKycLevel} is required`,
    }
  }
  return { availability: ProductAvailability.Available, reason: '' }
}

/** The user may not buy this product: their card shows Forbidden (spec §4). */
export const forbiddenTo = (p: ProductRow, user?: CurrentUser | null): boolean =>
  !!user && availabilityOf(p, user).availability !== ProductAvailability.Available

export function toCard(p: ProductRow, now: Date, user?: CurrentUser | null) {
  const cardStatus = forbiddenTo(p, user) ? ProductCardStatus.Forbidden : cardStatusOf(p, now)
  return {
    product_id: p.id,
    product_type: p.productType as ProductTypeValue,
    coin: p.coin,
    apr: trimDecimal(p.apr),
    apr_max: trimDecimal(aprMaxOf(p)),
    term_days: p.termDays,
    min_amount: trimDecimal(p.minAmount),
    max_amount: trimDecimal(p.maxAmount),
    total_quota: trimDecimal(p.totalQuota),
    remaining_quota: trimDecimal(p.remainingQuota),
    subscribe_start_at: toUnix(p.subscribeStartAt),
    subscribe_end_at: p.subscribeEndAt ? toUnix(p.subscribeEndAt) : null,
    subscription_state: subscriptionStateOf(p, now),
    card_status: cardStatus,
    page_keys: pageKeysOf(p.productType),
  }
}

export function offerOf(p: ProductRow): ProductOffer | null {
  const o = p.offer
  if (!o) return null
  return {
    direction: o.direction as ProductOffer['direction'],
    base_coin: o.baseCoin,
    quote_coin: o.quoteCoin,
    target_price: o.targetPrice,
    discount: o.discount,
    range_pct: o.rangePct,
    leverage: o.leverage,
  }
}

export async function loadProduct(db: Executor, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id))
  return row
}

/** The product, or InvalidRequest naming product_id. */
export async function productOrThrow(db: Executor, id: string): Promise<ProductRow> {
  const p = await loadProduct(db, id)
  if (!p) throw noSuchProduct()
  return p
}

/** The answer to a product_id that names no product. */
export const noSuchProduct = () =>
  new ApiError(RetCode.InvalidRequest, 'product_id: no such product')

/**
 * The positions that make up what a user holds of a product: their active ones (the principal
 * summed). The one rule for holdingsOf and pay-order's holdingAndPending.
 */
export const heldBy = (userId: number | SQL) =>
  and(eq(earnPositions.userId, userId), eq(earnPositions.status, PositionStatus.Active))!

/** Principal the user holds in open positions of each product. */
export async function holdingsOf(db: Executor, userId: number, productIds: string[]) {
  const out = new Map<string, Money>()
  if (!productIds.length) return out
  const rows = await db
    .select({
      productId: earnPositions.productId,
      total: sql<string>`sum(${earnPositions.principal})`,
    })
    .from(earnPositions)
    .where(and(heldBy(userId), inArray(earnPositions.productId, productIds)))
    .groupBy(earnPositions.productId)
  for (const r of rows) out.set(r.productId, money(r.total ?? 0))
  return out
}

/** What the user may still subscribe: per-user max minus holding, capped by the quota. */
export function remainingLimitOf(p: ProductRow, holding: Money): Money {
  const byUser = money(p.maxAmount).minus(holding)
  const left = byUser.lt(p.remainingQuota) ? byUser : money(p.remainingQuota)
  return left.isNegative() ? money(0) : left
}

export async function productDetails(
  db: Executor,
  rows: ProductRow[],
  now: Date,
  user: CurrentUser | null,
): Promise<ProductDetail[]> {
  const holdings = user
    ? await holdingsOf(
        db,
        user.id,
        rows.map((r) => r.id),
      )
    : new Map<string, Money>()
  return rows.map((p) => {
    const holding = holdings.get(p.id) ?? money(0)
    const b = behaviourOf(p)
    return {
      ...toCard(p, now, user),
      apr_tiers: tiersOf(p),
      redeemable_anytime: b === 'flexible' || b === 'liquidity',
      early_redeem_allowed: b === 'fixed' && p.earlyRedeem,
      min_kyc_level: p.minKycLevel,
      stage: stageOf(p, now),
      coin_on_sale_status: coinOnSaleStatusOf(p, now),
      offer: offerOf(p),
      availability: availabilityOf(p, user).availability,
      user_holding: trimDecimal(holding),
      user_remaining_limit: trimDecimal(user ? remainingLimitOf(p, holding) : money(0)),
    }
  })
}

/** Distinct holders per product. */
export async function participantsOf(
  db: Executor,
  productIds: string[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  if (!productIds.length) return out
  const rows = await db
    .select({ productId: earnPositions.productId, n: countDistinct(earnPositions.userId) })
    .from(earnPositions)
    .where(
      and(
        eq(earnPositions.status, PositionStatus.Active),
        inArray(earnPositions.productId, productIds),
      ),
    )
    .groupBy(earnPositions.productId)
  for (const r of rows) out.set(r.productId, Number(r.n))
  return out
}
