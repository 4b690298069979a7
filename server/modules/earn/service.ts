import { and, desc, eq, inArray, type SQL } from 'drizzle-orm'
import type { GetHomepageProductCardsRequest, ProductCard } from '../../../contract/earn.schema'
import type { ProductType } from '../../../contract/enums'
import type { Database } from '../../db/client'
import { products } from '../../db/schema'
import { cardStatusOf, subscriptionStateOf } from './product-status'

/** Decimal strings without trailing zeros ("0.05500000" → "0.055"). */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value
}

const toUnix = (d: Date) => Math.floor(d.getTime() / 1000)

export async function listProductCards(
  db: Database,
  filter: GetHomepageProductCardsRequest,
  now: Date,
): Promise<ProductCard[]> {
  const where: SQL[] = [eq(products.offline, 0)]
  if (filter.coin) where.push(eq(products.coin, filter.coin.toUpperCase()))
  if (filter.product_types?.length) where.push(inArray(products.productType, filter.product_types))
  const rows = await db
    .select()
    .from(products)
    .where(and(...where))
    .orderBy(desc(products.apr), products.id)
  return rows.map((p) => ({
    product_id: p.id,
    product_type: p.productType as ProductType,
    coin: p.coin,
    apr: trimDecimal(p.apr),
    term_days: p.termDays,
    min_amount: trimDecimal(p.minAmount),
    max_amount: trimDecimal(p.maxAmount),
    total_quota: trimDecimal(p.totalQuota),
    remaining_quota: trimDecimal(p.remainingQuota),
    subscribe_start_at: toUnix(p.subscribeStartAt),
    subscribe_end_at: p.subscribeEndAt ? toUnix(p.subscribeEndAt) : null,
    subscription_state: subscriptionStateOf(p, now),
    card_status: cardStatusOf(p, now),
  }))
}
