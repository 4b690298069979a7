import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import type {
  GetUserWalletRecordsRequest,
  GetUserWalletRecordsResponse,
} from '../../../../contract/earn-account.schema'
import { earnCall } from '../../../lib/http/earn-client'

export type WalletRecordsFilter = Omit<GetUserWalletRecordsRequest, 'cursor' | 'limit'>

/** The server's largest page: fewer round trips while scrolling a long history. */
export const WALLET_RECORDS_PAGE_SIZE = 100

export const getWalletRecords = (req: GetUserWalletRecordsRequest) =>
  earnCall<GetUserWalletRecordsResponse>('get-user-wallet-records', req)

export const getWalletRecordsQueryOptions = (filter: WalletRecordsFilter = {}) =>
  infiniteQueryOptions({
    queryKey: ['earn', 'wallet-records', filter],
    queryFn: ({ pageParam }) =>
      getWalletRecords({
        ...filter,
        limit: WALLET_RECORDS_PAGE_SIZE,
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // Pages never change once read: comparing 10,000 records deeply on every new page was
    // one of the long tasks of the scrolling test.
    structuralSharing: false,
  })

export const useWalletRecords = (filter: WalletRecordsFilter) =>
  useInfiniteQuery(getWalletRecordsQueryOptions(filter))
