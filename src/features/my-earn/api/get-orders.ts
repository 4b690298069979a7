import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query'
import type { GetOrdersRequest } from '../../../../contract/earn-order.schema'
import { getOrderDetail, getOrders } from '../../../lib/http/earn-calls'

export type OrdersFilter = Omit<GetOrdersRequest, 'cursor' | 'limit'>

/** A screenful of orders per page; "Load more" asks for the next. */
export const ORDERS_PAGE_SIZE = 20

export const getOrdersQueryOptions = (filter: OrdersFilter = {}) =>
  infiniteQueryOptions({
    queryKey: ['earn', 'orders', filter],
    queryFn: ({ pageParam }) =>
      getOrders({
        ...filter,
        limit: ORDERS_PAGE_SIZE,
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  })

export const useOrders = (filter: OrdersFilter) => useInfiniteQuery(getOrdersQueryOptions(filter))

export const getOrderDetailQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['earn', 'orders', { order_id: orderId }],
    queryFn: () => getOrderDetail({ order_id: orderId }),
  })

export const useOrderDetail = (orderId: string) => useQuery(getOrderDetailQueryOptions(orderId))
