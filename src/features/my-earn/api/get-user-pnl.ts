import { queryOptions, useQuery } from '@tanstack/react-query'
import type {
  GetUserPnlRequest,
  GetUserPnlResponse,
} from '../../../../contract/earn-account.schema'
import { earnCall } from '../../../lib/http/earn-client'

export const getUserPnl = (filter: GetUserPnlRequest) =>
  earnCall<GetUserPnlResponse>('get-user-pnl', filter)

export const getUserPnlQueryOptions = (filter: GetUserPnlRequest = {}) =>
  queryOptions({ queryKey: ['earn', 'user-pnl', filter], queryFn: () => getUserPnl(filter) })

export const useUserPnl = (days: number) => useQuery(getUserPnlQueryOptions({ days }))
