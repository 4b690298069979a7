// The server's error catalogue (spec §8 plus the generic codes we chose, see docs/api.md).
// Every error the API answers with is one of the codes of contract/ret-codes.ts.

import { BillExportRetCode, OrderRetCode, RetCode } from '../../contract/ret-codes'

export { BillExportRetCode, OrderRetCode, RetCode }

const messages: Record<number, string> = {
  [RetCode.OK]: 'OK',
  [RetCode.InvalidRequest]: 'invalid request parameters',
  [RetCode.NotFound]: 'no such path or method',
  [RetCode.TooManyRequests]: 'too many requests, try again later',
  [RetCode.LoginExpired]: 'login expired, please log in again',
  [RetCode.LoginExpiredAlt]: 'login expired, please log in again',
  [RetCode.NoPermission]: 'user no permission',
  [RetCode.Internal]: 'internal server error',
  [RetCode.ComplianceWall]: 'service not available in your region',
  [RetCode.PayloadTooLarge]: 'request body too large',
  [RetCode.UserNoPermission]: 'user no permission',
  [RetCode.EmailTaken]: 'this email is already registered',
  [RetCode.InvalidCredentials]: 'email or password is incorrect',
  [RetCode.CrossSiteRefused]: 'cross-site request refused',
  [RetCode.UnsupportedMediaType]: 'content type must be application/json',
  [RetCode.BiometricConfirmationRequired]: 'confirm this with your biometrics',
}

export const orderMessages: Record<OrderRetCode, string> = {
  302: 'sold out',
  303: 'insufficient balance',
  304: 'insufficient balance',
  315: 'too many requests, try again later',
  320: 'amount over the limit',
  325: 'order cannot be placed now',
  334: 'not eligible for this product',
  336: 'too many pending orders',
  340: 'quote price changed, please confirm again',
  344: 'order conflicts with an existing order',
  600: 'system maintenance',
  601: 'product is being settled, try again later',
  602: 'order not found',
  604: 'order already processed',
}

export const billExportMessages: Record<BillExportRetCode, string> = {
  303: 'no such export record',
  326: 'export limit reached',
  327: 'an export for this range is already in progress',
  328: 'invalid export request',
}

export function defaultMessage(code: number): string {
  return messages[code] ?? orderMessages[code as OrderRetCode] ?? 'request failed'
}

/** A business or protocol error that the error handler turns into the envelope. */
export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    readonly code: number,
    message: string = defaultMessage(code),
    /** HTTP status; business errors travel as 200 with a non-zero ret_code. */
    readonly httpStatus: 200 | 400 | 401 | 403 | 404 | 413 | 415 | 429 | 500 | 503 = 200,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}
