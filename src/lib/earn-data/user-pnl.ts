import { queryOptions, useQuery } from '@tanstack/react-query'
import type { EarnRequest } from '../../../contract/earn-calls'
import { earnCall } from '../http/earn-client'

/** The user's profit and loss by day (get-user-pnl). */
export const userPnlQueryOptions = (filter: EarnRequest<'get-user-pnl'> = {}) =>
  queryOptions({
    queryKey: ['earn', 'user-pnl', filter],
    queryFn: () => earnCall('get-user-pnl', filter),
  })

export const useUserPnl = (days: number) => useQuery(userPnlQueryOptions({ days }))
