import { queryOptions, useQuery } from '@tanstack/react-query'
import type { EarnRequest } from '../../../contract/earn-calls'
import { AccountType } from '../../../contract/enums'
import { earnCall } from '../http/earn-client'

export type BalancesFilter = EarnRequest<'get-user-balance'>

/** The user's balances (get-user-balance); the empty filter's key matches every filtered one. */
export const userBalancesQueryOptions = (filter: BalancesFilter = {}) =>
  queryOptions({
    queryKey: ['earn', 'user-balance', filter],
    queryFn: () => earnCall('get-user-balance', filter),
  })

/** The FUNDING balance of one coin: what subscriptions and liquidity adds are paid from. */
export const fundingBalanceQueryOptions = (coin: string) =>
  userBalancesQueryOptions({ coin, account_type: AccountType.FUNDING })

export const useUserBalances = () => useQuery(userBalancesQueryOptions())

export const useFundingBalance = (coin: string, enabled = coin !== '') =>
  useQuery({ ...fundingBalanceQueryOptions(coin), enabled })
