import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query'
import type { EarnRequest } from '../../../contract/earn-calls'
import { earnCall } from '../http/earn-client'

export type OrdersFilter = Omit<EarnRequest<'get-orders'>, 'cursor' | 'limit'>

/** A screenful of orders per page; "Load more" asks for the next. */
export const ORDERS_PAGE_SIZE = 20

/** The user's orders (get-orders), cursor-paged. */
export const ordersQueryOptions = (filter: OrdersFilter = {}) =>
  infiniteQueryOptions({
    queryKey: ['earn', 'orders', filter],
    queryFn: ({ pageParam }) =>
      earnCall('get-orders', {
        ...filter,
        limit: ORDERS_PAGE_SIZE,
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  })

export const useOrders = (filter: OrdersFilter) => useInfiniteQuery(ordersQueryOptions(filter))

/** One order (get-order-detail); its key sits under the orders' so one invalidation covers both. */
export const orderDetailQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['earn', 'orders', { order_id: orderId }],
    queryFn: () => earnCall('get-order-detail', { order_id: orderId }),
  })

export const useOrderDetail = (orderId: string) => useQuery(orderDetailQueryOptions(orderId))
