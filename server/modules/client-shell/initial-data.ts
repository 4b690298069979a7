import type { GetHomepageProductCardsRequest } from '../../../contract/earn.schema'
import type { PageKey } from '../../../contract/enums'
import type { InitialData, PrefetchedCall } from '../../../contract/initial-data'
import type { CoinTuple } from '../../../contract/market.schema'
import { productDetailRequest, productPageRequest } from '../../../contract/product-pages'
import type { ShellPage } from './route-chunks'

/** Answers an earn call as the API would for this visitor; undefined when it did not succeed. */
export type EarnCaller = (call: PrefetchedCall['call'], body: object) => Promise<unknown>
/** The coin list as the API answers it; undefined when it did not succeed. */
export type CoinsCaller = () => Promise<CoinTuple[] | undefined>

/** The request a page's product list makes (the client's productPageQueryOptions uses the same). */
export const productCardsFilterOf = (pageKey: PageKey): GetHomepageProductCardsRequest =>
  productPageRequest(pageKey)

/** The call a page's first render needs: a landing page's cards or a product's detail. */
const firstCallOf = (page: ShellPage): Omit<PrefetchedCall, 'result'> =>
  page.productId === undefined
    ? { call: 'get-homepage-product-cards', body: productCardsFilterOf(page.pageKey) }
    : { call: 'get-product-detail', body: productDetailRequest(page.productId) }

/**
 * The calls a page's first render needs, or undefined when one of them failed (an unknown
 * product: the client shows its not-found as without the server); with the coin list when it
 * came (the served view draws the coin icons from it, issue 25), without it when it failed.
 */
export async function loadInitialData(
  callEarn: EarnCaller,
  page: ShellPage,
  now: () => Date,
  callCoins?: CoinsCaller,
): Promise<InitialData | undefined> {
  const { call, body } = firstCallOf(page)
  const at = now().getTime()
  const [result, coins] = await Promise.all([
    callEarn(call, body),
    callCoins?.().catch(() => undefined),
  ])
  if (result === undefined) return undefined
  return { at, calls: [{ call, body, result }], ...(Array.isArray(coins) ? { coins } : {}) }
}

/** JSON that is safe inside a <script> element (no "</script>" or "<!--" can appear). */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
