import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm'
import type {
  CheckAvailableResponse,
  GetHomepageProductCardsRequest,
  ProductCard,
  ProductExtraInfo,
} from '../../../contract/earn.schema'
import {
  PAGE_PRODUCT_TYPES,
  ProductAvailability,
  VoucherStatus,
  type PageKey,
} from '../../../contract/enums'
import type { Database } from '../../db/client'
import { earnVouchers, products } from '../../db/schema'
import type { CurrentUser } from '../../http/auth'
import { ApiError, RetCode } from '../../http/errors'
import type { PriceSimulator } from '../market/price-simulator'
import {
  availabilityOf,
  coinOnSaleStatusOf,
  participantsOf,
  productOrThrow,
  stageOf,
  type ProductRow,
} from './catalogue'
import { money, trimDecimal } from './money'
import { assertCountryKnown, indexPriceOf } from './order-checks'
import { cardStatusOf, subscriptionStateOf } from './product-status'

// The catalogue's reads (spec §7 get-homepage-product-cards … get-products-extra-info).

export { trimDecimal } from './money'

/**
 * The products a card list shows (home and product pages, also inlined into index.html at first
 * load), in card order: the part of get-homepage-product-cards every user shares, which the
 * product-cards cache holds (product-cards-cache.ts).
 */
export async function productCardRows(
  db: Database,
  filter: GetHomepageProductCardsRequest,
): Promise<ProductRow[]> {
  const where: SQL[] = [eq(products.offline, 0)]
  if (filter.coin) where.push(eq(products.coin, filter.coin.toUpperCase()))
  if (filter.product_types?.length) where.push(inArray(products.productType, filter.product_types))
  if (filter.page_key && filter.page_key !== 'home') {
    where.push(inArray(products.productType, [...PAGE_PRODUCT_TYPES[filter.page_key]]))
  }
  const order = filter.sort === 'apr_asc' ? asc(products.apr) : desc(products.apr)
  return db
    .select()
    .from(products)
    .where(and(...where))
    .orderBy(order, products.id)
}

/** Product ids per page key (home: all), in card order. */
export function groupByPage(cards: ProductCard[]): Partial<Record<PageKey, string[]>> {
  const groups: Partial<Record<PageKey, string[]>> = { home: cards.map((c) => c.product_id) }
  for (const c of cards) for (const k of c.page_keys ?? []) (groups[k] ??= []).push(c.product_id)
  return groups
}

/** Products by id, in the order asked for (unknown ids are left out). */
export async function productsByIds(db: Database, ids: string[]): Promise<ProductRow[]> {
  const rows = await db.select().from(products).where(inArray(products.id, ids))
  const order = new Map(ids.map((id, i) => [id, i]))
  return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!)
}

/** check-available: the caller's availability and the product's state now. */
export async function checkAvailability(
  db: Database,
  user: CurrentUser,
  productId: string,
  now: Date,
): Promise<CheckAvailableResponse> {
  assertCountryKnown(user)
  if (user.complianceWalled) throw new ApiError(RetCode.ComplianceWall)
  const p = await productOrThrow(db, productId)
  const { availability, reason } = availabilityOf(p, user)
  return {
    product_id: p.id,
    availability,
    reason: availability === ProductAvailability.Available ? '' : reason,
    card_status: cardStatusOf(p, now),
    subscription_state: subscriptionStateOf(p, now),
  }
}

/** get-products-extra-info: participants, sold ratio, stage, index price and vouchers per product. */
export async function productsExtraInfo(
  { db, market }: { db: Database; market: PriceSimulator },
  productIds: string[] | undefined,
  user: CurrentUser | null,
  now: Date,
): Promise<ProductExtraInfo[]> {
  const rows = productIds?.length
    ? await db.select().from(products).where(inArray(products.id, productIds))
    : await db.select().from(products).orderBy(products.id)
  const participants = await participantsOf(
    db,
    rows.map((r) => r.id),
  )
  const vouchers = user
    ? await db
        .select()
        .from(earnVouchers)
        .where(and(eq(earnVouchers.userId, user.id), eq(earnVouchers.status, VoucherStatus.Unused)))
    : []
  return Promise.all(
    rows.map(async (p) => {
      const sold = money(p.totalQuota).minus(p.remainingQuota)
      const price = await indexPriceOf(market, p, now)
      return {
        product_id: p.id,
        participants: participants.get(p.id) ?? 0,
        sold_ratio: trimDecimal(
          money(p.totalQuota).isZero() ? money(0) : sold.div(p.totalQuota).toDecimalPlaces(4),
        ),
        stage: stageOf(p, now),
        coin_on_sale_status: coinOnSaleStatusOf(p, now),
        index_price: price ? price.toFixed() : null,
        voucher_count: vouchers.filter(
          (v) =>
            v.expiresAt > now &&
            (!v.coin || v.coin === p.coin) &&
            (v.productType === null || v.productType === p.productType),
        ).length,
      }
    }),
  )
}
