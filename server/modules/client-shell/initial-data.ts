import type { GetHomepageProductCardsRequest } from '../../../contract/earn.schema'
import type { PageKey } from '../../../contract/enums'
import type { InitialData, PrefetchedCall } from '../../../contract/initial-data'
import { productPageRequest } from '../../../contract/product-pages'

/** Answers an earn call as the API would for this visitor; undefined when it did not succeed. */
export type EarnCaller = (call: PrefetchedCall['call'], body: object) => Promise<unknown>

/** The request a page's product list makes (the client's productPageQueryOptions uses the same). */
export const productCardsFilterOf = (pageKey: PageKey): GetHomepageProductCardsRequest =>
  productPageRequest(pageKey)

/** The calls a page's first render needs, or undefined when one of them failed. */
export async function loadInitialData(
  callEarn: EarnCaller,
  pageKey: PageKey,
  now: () => Date,
): Promise<InitialData | undefined> {
  const body = productCardsFilterOf(pageKey)
  const at = now().getTime()
  const result = await callEarn('get-homepage-product-cards', body)
  if (result === undefined) return undefined
  return { at, calls: [{ call: 'get-homepage-product-cards', body, result }] }
}

/** JSON that is safe inside a <script> element (no "</script>" or "<!--" can appear). */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
