import type { EarnRequest } from '../../../contract/earn-calls'
import { earnCall } from '../http/earn-client'

// Placing an order, shared by subscribing and adding liquidity (Add 1 is pay-order with a
// leverage): one client for the two calls.

/** order_id is the idempotency key: the same id never pays twice. */
export const payOrder = (body: EarnRequest<'pay-order'>) => earnCall('pay-order', body)

/** Settles an order still in progress (liquidity adds; priced products). */
export const confirmOrder = (body: EarnRequest<'confirm-order'>) => earnCall('confirm-order', body)
