import { queryOptions, useQuery } from '@tanstack/react-query'
import type {
  GetUserBalanceRequest,
  GetUserBalanceResponse,
} from '../../../../contract/earn-account.schema'
import { AccountType } from '../../../../contract/enums'
import { earnCall } from '../../../lib/http/earn-client'

export const getUserBalance = (filter: GetUserBalanceRequest) =>
  earnCall<GetUserBalanceResponse>('get-user-balance', filter)

/** Subscriptions are paid from the FUNDING account. */
export const getFundingBalanceQueryOptions = (coin: string) => {
  const filter: GetUserBalanceRequest = { coin, account_type: AccountType.FUNDING }
  return queryOptions({
    queryKey: ['earn', 'user-balance', filter],
    queryFn: () => getUserBalance(filter),
  })
}

export const useFundingBalance = (coin: string, enabled: boolean) =>
  useQuery({ ...getFundingBalanceQueryOptions(coin), enabled })
