import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { GetHomepageProductCardsResponse } from '../../../../contract/earn.schema'
import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '../../../../contract/initial-data'
import { coinFromTuple } from '../../../lib/coins/coin'
import { coinsQueryOptions } from '../../../lib/earn-data/coins'
import { productCardsQueryOptions } from '../../../lib/earn-data/product-cards'
import { productDetailQueryOptions } from '../../../lib/earn-data/product-detail'
import { readServedCoins } from '../../../ui/served-coins'

/**
 * Seeds the query cache with the product cards the server inlined into index.html, under
 * the same key the page's loader asks for. The entry is dated when the server read it, so
 * it goes stale and refetches by the query defaults like any fetched data.
 */
export function hydrateInitialProductCards(
  queryClient: QueryClient,
  doc: Document = document,
  now: number = Date.now(),
): number {
  const element = doc.getElementById(INITIAL_DATA_ELEMENT_ID)
  if (!element?.textContent) return 0
  element.remove()
  let data: InitialData
  try {
    data = JSON.parse(element.textContent) as InitialData
  } catch {
    return 0
  }
  // The coin list a served view was drawn with travels in an element of its own.
  return seedInitialData(queryClient, { ...data, coins: readServedCoins(doc) }, now)
}

/**
 * Puts each inlined call's result into the cache, and the coin list the view was drawn with;
 * returns how many calls it seeded. With the list there, the server draws every amount in its
 * coin's digits and the client hydrates the same, with no get-coins call and no redraw of
 * every amount when it answers (issue 25: that redraw was the longest task after live).
 */
export function seedInitialData(queryClient: QueryClient, data: InitialData, now: number): number {
  if (!Number.isFinite(data.at) || !Array.isArray(data.calls)) return 0
  // A client clock behind the server's must not make the data look newer than now.
  const updatedAt = Math.min(data.at, now)
  let seeded = 0
  for (const { call, body, result } of data.calls) {
    // The key the page's own query uses for the same request (a product's detail or a list).
    const queryKey: QueryKey | false =
      call === 'get-product-detail'
        ? isDetailResult(result) && productDetailQueryOptions(result.product.product_id).queryKey
        : call === 'get-homepage-product-cards' &&
          isCardsResult(result) &&
          productCardsQueryOptions(body as Parameters<typeof productCardsQueryOptions>[0]).queryKey
    if (!queryKey) continue
    queryClient.setQueryData(queryKey, result, { updatedAt })
    seeded++
  }
  if (Array.isArray(data.coins) && data.coins.length > 0)
    queryClient.setQueryData(coinsQueryOptions().queryKey, data.coins.map(coinFromTuple), {
      updatedAt,
    })
  return seeded
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

const isCardsResult = (value: unknown): value is GetHomepageProductCardsResponse =>
  isObject(value) && Array.isArray(value.cards)

/** A detail answer, keyed by the product it describes (the one its request named). */
const isDetailResult = (value: unknown): value is { product: { product_id: string } } =>
  isObject(value) && isObject(value.product) && typeof value.product.product_id === 'string'
