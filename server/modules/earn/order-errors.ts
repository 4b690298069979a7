import { ApiError, OrderRetCode, RetCode } from '../../http/errors'

/** An order refused for a business reason (spec §8 order code); recorded on the order. */
export class OrderError extends ApiError {
  constructor(code: OrderRetCode, message?: string) {
    super(code, message)
  }
}

export const orderError = (code: OrderRetCode, message?: string) => new OrderError(code, message)

export const invalid = (message: string) => new ApiError(RetCode.InvalidRequest, message)

export { OrderRetCode }
