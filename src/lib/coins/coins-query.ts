import { queryOptions } from '@tanstack/react-query'
import type { Coin } from './coins'

/**
 * The coin list as one shared query (names, digits, icons), fetched once per 10 minutes. The
 * loader (with lz-string for the cache) is its own chunk: the first load only shows icons.
 */
export const coinsQueryOptions = () =>
  queryOptions<Coin[]>({
    queryKey: ['coins'],
    queryFn: () => import('./coins').then((m) => m.loadCoins()),
    staleTime: 10 * 60_000,
  })
