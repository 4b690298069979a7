import type {
  ConfirmOrderRequest,
  ConfirmOrderResponse,
} from '../../../../contract/earn-order.schema'
import { earnCall } from '../../../lib/http/earn-client'

export const confirmOrder = (body: ConfirmOrderRequest) =>
  earnCall<ConfirmOrderResponse>('confirm-order', body)
