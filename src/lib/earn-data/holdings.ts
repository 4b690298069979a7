import type { QueryClient } from '@tanstack/react-query'
import { assetsSummaryQueryOptions } from './assets-summary'
import { autoSavingsQueryOptions } from './auto-savings'
import { userBalancesQueryOptions } from './balances'
import { liquiditySummaryQueryOptions } from './liquidity-summary'
import { ordersQueryOptions } from './orders'
import { positionsQueryOptions } from './positions'
import { userPnlQueryOptions } from './user-pnl'
import { walletRecordsQueryOptions } from './wallet-records'

/**
 * Everything a change of holdings moves. The factories' keys with an empty filter match every
 * filtered variant (react-query matches keys partially), so one call covers all of them.
 */
export const HOLDINGS_QUERY_KEYS = () => [
  positionsQueryOptions().queryKey,
  userBalancesQueryOptions().queryKey,
  assetsSummaryQueryOptions().queryKey,
  userPnlQueryOptions().queryKey,
  walletRecordsQueryOptions().queryKey,
  // ['earn','orders',{}] matches every tab's list and every order detail.
  ordersQueryOptions().queryKey,
]

export const invalidateHoldings = (queryClient: QueryClient) =>
  Promise.all(HOLDINGS_QUERY_KEYS().map((queryKey) => queryClient.invalidateQueries({ queryKey })))

/** What a liquidity operation moves: the pools' summary besides the holdings. */
export const invalidateLiquidity = (queryClient: QueryClient) =>
  Promise.all(
    [liquiditySummaryQueryOptions().queryKey, ...HOLDINGS_QUERY_KEYS()].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  )

export const invalidateAutoSavings = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: autoSavingsQueryOptions().queryKey })
