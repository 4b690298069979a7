import type { QueryClient } from '@tanstack/react-query'
import type { GetHomepageProductCardsResponse } from '../../../../contract/earn.schema'
import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '../../../../contract/initial-data'
import { productCardsQueryOptions } from '../../../lib/earn-data/product-cards'

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
  return seedInitialData(queryClient, data, now)
}

/** Puts each inlined call's result into the cache; returns how many entries it seeded. */
export function seedInitialData(queryClient: QueryClient, data: InitialData, now: number): number {
  if (!Number.isFinite(data.at) || !Array.isArray(data.calls)) return 0
  // A client clock behind the server's must not make the data look newer than now.
  const updatedAt = Math.min(data.at, now)
  let seeded = 0
  for (const entry of data.calls) {
    if (entry.call !== 'get-homepage-product-cards' || !isCardsResult(entry.result)) continue
    const { queryKey } = productCardsQueryOptions(
      entry.body as Parameters<typeof productCardsQueryOptions>[0],
    )
    queryClient.setQueryData(queryKey, entry.result, { updatedAt })
    seeded++
  }
  return seeded
}

const isCardsResult = (value: unknown): value is GetHomepageProductCardsResponse =>
  typeof value === 'object' && value !== null && Array.isArray((value as { cards?: unknown }).cards)
