import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import type { EarnRequest } from '../../../contract/earn-calls'
import { earnCall } from '../http/earn-client'

export type PositionHistoryFilter = Omit<EarnRequest<'get-position-history'>, 'cursor' | 'limit'>

/** A screenful of closed positions per page; "Load more" asks for the next. */
const POSITION_HISTORY_PAGE_SIZE = 20

/**
 * Closed positions (get-position-history), cursor-paged. The key sits under the positions'
 * (['earn','positions',{…}]) so a holdings invalidation re-reads it when a position closes.
 */
export const positionHistoryQueryOptions = (filter: PositionHistoryFilter = {}) =>
  infiniteQueryOptions({
    queryKey: ['earn', 'positions', { history: true, ...filter }],
    queryFn: ({ pageParam }) =>
      earnCall('get-position-history', {
        ...filter,
        limit: POSITION_HISTORY_PAGE_SIZE,
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  })

export const usePositionHistory = (filter: PositionHistoryFilter) =>
  useInfiniteQuery(positionHistoryQueryOptions(filter))
