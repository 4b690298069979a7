import { NOT_RELEASED_EXT_CODE } from '../../../contract/gray-release'
import { OrderRetCode } from '../../../contract/order-ret-codes'
import { extCodeOf, RequestError } from '../http/request-error'

/**
 * Whether the server refused a product because its gray-release stage does not include this
 * user (334 with ext_code not_released): the product page says so instead of an error.
 */
export const isNotReleased = (error: unknown): boolean =>
  error instanceof RequestError &&
  error.code === OrderRetCode.NotEligible &&
  extCodeOf(error) === NOT_RELEASED_EXT_CODE
