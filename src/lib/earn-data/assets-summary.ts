import { queryOptions, useQuery } from '@tanstack/react-query'
import { earnCall } from '../http/earn-client'

/** The user's totals per account (get-assets-summary-v2). */
export const assetsSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['earn', 'assets-summary'],
    queryFn: () => earnCall('get-assets-summary-v2'),
  })

export const useAssetsSummary = () => useQuery(assetsSummaryQueryOptions())
