import { queryOptions, useQuery } from '@tanstack/react-query'
import { earnCall } from '../http/earn-client'

/** The user's pools, positions and rewards (get-user-liquidity-summary). */
export const liquiditySummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['earn', 'liquidity-summary'],
    queryFn: () => earnCall('get-user-liquidity-summary'),
  })

export const useLiquiditySummary = (enabled: boolean) =>
  useQuery({ ...liquiditySummaryQueryOptions(), enabled })
