import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm'
import type { GetHomepageProductCardsRequest, ProductCard } from '../../../contract/earn.schema'
import { PAGE_PRODUCT_TYPES, type PageKey } from '../../../contract/enums'
import type { Database } from '../../db/client'
import { products } from '../../db/schema'
import type { CurrentUser } from '../../http/auth'
import { toCard } from './catalogue'

export { trimDecimal } from './money'

/** Product cards for the home and product pages (also inlined into index.html at first load). */
export async function listProductCards(
  db: Database,
  filter: GetHomepageProductCardsRequest,
  now: Date,
  user?: CurrentUser | null,
): Promise<ProductCard[]> {
  const where: SQL[] = [eq(products.offline, 0)]
  if (filter.coin) where.push(eq(products.coin, filter.coin.toUpperCase()))
  if (filter.product_types?.length) where.push(inArray(products.productType, filter.product_types))
  if (filter.page_key && filter.page_key !== 'home') {
    where.push(inArray(products.productType, [...PAGE_PRODUCT_TYPES[filter.page_key]]))
  }
  const order = filter.sort === 'apr_asc' ? asc(products.apr) : desc(products.apr)
  const rows = await db
    .select()
    .from(products)
    .where(and(...where))
    .orderBy(order, products.id)
  return rows.map((p) => toCard(p, now, user))
}

/** Product ids per page key (home: all), in card order. */
export function groupByPage(cards: ProductCard[]): Partial<Record<PageKey, string[]>> {
  const groups: Partial<Record<PageKey, string[]>> = { home: cards.map((c) => c.product_id) }
  for (const c of cards) for (const k of c.page_keys ?? []) (groups[k] ??= []).push(c.product_id)
  return groups
}
