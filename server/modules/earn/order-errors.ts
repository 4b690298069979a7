import { ApiError, OrderRetCode, RetCode } from '../../http/errors'

/** An order refused for a business reason (spec §8 order code); recorded on the order. */
export class OrderError extends ApiError {
  constructor(code: OrderRetCode, message?: string, extCode?: string) {
    super(code, message, 200, {}, extCode)
  }
}

/** `extCode`: the envelope's machine-readable reason (contract NotEligibleExtCode for 334). */
export const orderError = (code: OrderRetCode, message?: string, extCode?: string) =>
  new OrderError(code, message, extCode)

export const invalid = (message: string) => new ApiError(RetCode.InvalidRequest, message)

export { OrderRetCode }
