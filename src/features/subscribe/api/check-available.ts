import type { EarnRequest } from '../../../../contract/earn-calls'
import { earnCall } from '../../../lib/http/earn-client'

/** Asked right before paying: availability can change between preview and pay. */
export const checkAvailable = (body: EarnRequest<'check-available'>) =>
  earnCall('check-available', body)
