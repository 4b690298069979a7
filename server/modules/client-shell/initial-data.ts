import type { GetHomepageProductCardsRequest } from '../../../contract/earn.schema'
import { PAGE_PRODUCT_TYPES, type PageKey } from '../../../contract/enums'
import type { InitialData } from '../../../contract/initial-data'
import type { Database } from '../../db/client'
import { listProductCards } from '../earn/service'

/** The filter a page's product list asks for; mirrors the client's productPageQueryOptions. */
export function productCardsFilterOf(pageKey: PageKey): GetHomepageProductCardsRequest {
  return pageKey === 'home' ? {} : { product_types: [...PAGE_PRODUCT_TYPES[pageKey]] }
}

/** The calls a page's first render needs, answered from the database like the API would. */
export async function loadInitialData(
  db: Database,
  pageKey: PageKey,
  now: Date,
): Promise<InitialData> {
  const body = productCardsFilterOf(pageKey)
  const cards = await listProductCards(db, body, now)
  return {
    at: now.getTime(),
    calls: [{ call: 'get-homepage-product-cards', body, result: { cards } }],
  }
}

/** JSON that is safe inside a <script> element (no "</script>" or "<!--" can appear). */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
