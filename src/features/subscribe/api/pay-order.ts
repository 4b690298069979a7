import type { PayOrderRequest, PayOrderResponse } from '../../../../contract/earn-order.schema'
import { earnCall } from '../../../lib/http/earn-client'

/** order_id is the idempotency key: the same id never pays twice. */
export const payOrder = (body: PayOrderRequest) => earnCall<PayOrderResponse>('pay-order', body)
