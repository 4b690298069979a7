import { SERVED_COINS_ELEMENT_ID } from '../../contract/initial-data'
import type { CoinTuple } from '../../contract/market.schema'

/** null: not read yet (the browser reads the served element once). */
let served: readonly CoinTuple[] | undefined | null = null

/**
 * The coin list a served view drew its coin icons with: set by the server's renderer for each
 * render, read from the served page's element (SERVED_COINS_ELEMENT_ID) in the browser. Part of
 * the icons' own chunk, not of the entry: only a hydrating icon reads it (issue 25).
 */
export function servedCoins(): readonly CoinTuple[] | undefined {
  if (served === null) {
    const text = document.getElementById(SERVED_COINS_ELEMENT_ID)?.textContent
    try {
      const list: unknown = text ? JSON.parse(text) : undefined
      served = Array.isArray(list)
        ? list.filter((t): t is CoinTuple => Array.isArray(t))
        : undefined
    } catch {
      served = undefined
    }
  }
  return served
}

/** The server's renderer: the list the next render draws with (undefined after it). */
export const setServedCoins = (coins: readonly CoinTuple[] | undefined) => {
  served = coins
}
