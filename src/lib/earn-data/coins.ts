import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Coin } from '../coins/coin'

/**
 * The coin list (get-coins), cached by lib/coins; one key for every page, fetched once per 10
 * minutes. The loader (with lz-string for the cache) is its own chunk: the first load only
 * shows icons.
 */
export const coinsQueryOptions = () =>
  queryOptions<Coin[]>({
    queryKey: ['coins'],
    queryFn: () => import('../coins/coins').then((m) => m.loadCoins()),
    staleTime: 10 * 60_000,
  })

export type CoinDigits = Pick<Coin, 'name' | 'assetDigits'> &
  Partial<Pick<Coin, 'transactionDigits'>>

/**
 * A lookup of each coin's digits; 8 until the list arrives so nothing is cut too short. Not
 * held back while the server's view hydrates (as the coin icons are): every amount would then
 * render twice, synchronously, right after hydration (Lighthouse TBT on home 33–72 → 195–313
 * ms), and the parts of a first view that show amounts hydrate with the page (the desktop
 * table's code is loaded before hydration), before the list can arrive.
 */
export function useCoinDigits(): (name: string) => CoinDigits {
  const { data } = useQuery(coinsQueryOptions())
  return (name) => data?.find((c) => c.name === name) ?? { name, assetDigits: 8 }
}

/** One coin's digits (the same lookup, for a component that shows one coin). */
export const useCoin = (name: string): CoinDigits => useCoinDigits()(name)
