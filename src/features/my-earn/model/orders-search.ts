import { OrderStatus } from '../../../../contract/enums'

/** The tabs of the orders page, in order: In progress, Completed, Failed. */
export const ORDER_TABS = [OrderStatus.InProgress, OrderStatus.Success, OrderStatus.Failed] as const

/** ?status= selects the tab, ?order= opens one order's detail: both survive a reload. */
export type OrdersSearch = { status: OrderStatus; order?: string }

/** Unknown values are dropped: the first tab, no detail open (runs in the first load: no deps). */
export function validateOrdersSearch(search: Record<string, unknown>): OrdersSearch {
  const status = (ORDER_TABS as readonly unknown[]).includes(search.status)
    ? (search.status as OrderStatus)
    : OrderStatus.InProgress
  const order =
    typeof search.order === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(search.order)
      ? search.order
      : undefined
  return order ? { status, order } : { status }
}
