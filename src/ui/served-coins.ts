import { SERVED_COINS_ELEMENT_ID } from '../../contract/initial-data'
import type { CoinTuple } from '../../contract/market.schema'

/** null: not read yet (the browser reads the served element once). */
let served: readonly CoinTuple[] | undefined | null = null

/** The coin list in a served page's element (SERVED_COINS_ELEMENT_ID), if it holds one. */
export function readServedCoins(doc: Document): CoinTuple[] | undefined {
  const text = doc.getElementById(SERVED_COINS_ELEMENT_ID)?.textContent
  try {
    const list: unknown = text ? JSON.parse(text) : undefined
    return Array.isArray(list) ? list.filter((t): t is CoinTuple => Array.isArray(t)) : undefined
  } catch {
    return undefined
  }
}

/**
 * The coin list a served view drew its coin icons with: set by the server's renderer for each
 * render, read from the served page's element in the browser. The entry seeds the coin query
 * from it too (features/earn-products/api/initial-product-cards.ts), so it ships in the entry.
 */
export function servedCoins(): readonly CoinTuple[] | undefined {
  if (served === null) served = readServedCoins(document)
  return served
}

/** The server's renderer: the list the next render draws with (undefined after it). */
export const setServedCoins = (coins: readonly CoinTuple[] | undefined) => {
  served = coins
}
