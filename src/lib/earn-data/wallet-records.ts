import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import type { EarnRequest } from '../../../contract/earn-calls'
import { earnCall } from '../http/earn-client'

export type WalletRecordsFilter = Omit<EarnRequest<'get-user-wallet-records'>, 'cursor' | 'limit'>

/** The server's largest page: fewer round trips while scrolling a long history. */
export const WALLET_RECORDS_PAGE_SIZE = 100

/** The user's wallet records (get-user-wallet-records), cursor-paged. */
export const walletRecordsQueryOptions = (filter: WalletRecordsFilter = {}) =>
  infiniteQueryOptions({
    queryKey: ['earn', 'wallet-records', filter],
    queryFn: ({ pageParam }) =>
      earnCall('get-user-wallet-records', {
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
  useInfiniteQuery(walletRecordsQueryOptions(filter))
