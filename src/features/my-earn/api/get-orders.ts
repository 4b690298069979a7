import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query'
import type {
  GetOrderDetailRequest,
  GetOrderDetailResponse,
  GetOrdersRequest,
  GetOrdersResponse,
} from '../../../../contract/earn-order.schema'
import { earnCall } from '../../../lib/http/earn-client'

// earnCall directly (not lib's earn-calls): the route's loader runs in the first load, and
// earn-calls' table of every call would come with it.
const getOrders = (req: GetOrdersRequest) => earnCall<GetOrdersResponse>('get-orders', req)
const getOrderDetail = (req: GetOrderDetailRequest) =>
  earnCall<GetOrderDetailResponse>('get-order-detail', req)

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
