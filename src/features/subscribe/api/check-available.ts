import type {
  CheckAvailableRequest,
  CheckAvailableResponse,
} from '../../../../contract/earn.schema'
import { earnCall } from '../../../lib/http/earn-client'

/** Asked right before paying: availability can change between preview and pay. */
export const checkAvailable = (body: CheckAvailableRequest) =>
  earnCall<CheckAvailableResponse>('check-available', body)
