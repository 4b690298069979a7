import type { QueryClient } from '@tanstack/react-query'
import { getAssetsSummaryQueryOptions } from './get-assets-summary'
import { getAutoSavingsQueryOptions } from './get-auto-savings'
import { getOrdersQueryOptions } from './get-orders'
import { getPositionsQueryOptions } from './get-positions'
import { getUserBalancesQueryOptions } from './get-user-balances'
import { getUserPnlQueryOptions } from './get-user-pnl'
import { getWalletRecordsQueryOptions } from './get-wallet-records'

/**
 * Everything a change of holdings moves. The factories' keys with an empty filter match every
 * filtered variant (react-query matches keys partially), so one call covers all of them.
 */
export const HOLDINGS_QUERY_KEYS = () => [
  getPositionsQueryOptions().queryKey,
  getUserBalancesQueryOptions().queryKey,
  getAssetsSummaryQueryOptions().queryKey,
  getUserPnlQueryOptions().queryKey,
  getWalletRecordsQueryOptions().queryKey,
  // ['earn','orders',{}] matches every tab's list and every order detail.
  getOrdersQueryOptions().queryKey,
]

export const invalidateHoldings = (queryClient: QueryClient) =>
  Promise.all(HOLDINGS_QUERY_KEYS().map((queryKey) => queryClient.invalidateQueries({ queryKey })))

export const invalidateAutoSavings = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: getAutoSavingsQueryOptions().queryKey })
