import { queryOptions, useQuery } from '@tanstack/react-query'
import type {
  GetUserBalanceRequest,
  GetUserBalanceResponse,
} from '../../../../contract/earn-account.schema'
import { earnCall } from '../../../lib/http/earn-client'

export const getUserBalances = (filter: GetUserBalanceRequest) =>
  earnCall<GetUserBalanceResponse>('get-user-balance', filter)

/** Every account's balances; an empty filter's key also matches the filtered keys of other pages. */
export const getUserBalancesQueryOptions = (filter: GetUserBalanceRequest = {}) =>
  queryOptions({
    queryKey: ['earn', 'user-balance', filter],
    queryFn: () => getUserBalances(filter),
  })

export const useUserBalances = () => useQuery(getUserBalancesQueryOptions())
