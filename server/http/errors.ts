// The server's error catalogue (spec §8 plus the generic codes we chose, see docs/api.md).
// Every error the API answers with is one of the codes of contract/ret-codes.ts.

import { BillExportRetCode, OrderRetCode } from '../../contract/order-ret-codes'
import { RetCode } from '../../contract/ret-codes'

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
  [RetCode.CountryRequired]: 'declare your country of residence first (declare-country)',
  [RetCode.PayloadTooLarge]: 'request body too large',
  [RetCode.UserNoPermission]: 'user no permission',
  [RetCode.EmailTaken]: 'this email is already registered',
  [RetCode.InvalidCredentials]: 'email or password is incorrect',
  [RetCode.CrossSiteRefused]: 'cross-site request refused',
  [RetCode.UnsupportedMediaType]: 'content type must be application/json',
  [RetCode.BiometricConfirmationRequired]: 'confirm this with your biometrics',
  [RetCode.RiskAcknowledgementRequired]: 'acknowledge the risk of this product type first',
}

export const orderMessages: Record<OrderRetCode, string> = {
  [OrderRetCode.SoldOut]: 'sold out',
  [OrderRetCode.InsufficientBalance]: 'insufficient balance',
  [OrderRetCode.InsufficientBalanceAlt]: 'insufficient balance',
  [OrderRetCode.RateLimit]: 'too many requests, try again later',
  [OrderRetCode.OverLimit]: 'amount over the limit',
  [OrderRetCode.OrderUnavailable]: 'this product takes no orders now',
  [OrderRetCode.NotEligible]: 'not eligible for this product',
  [OrderRetCode.MaxPendingOrders]: 'too many pending orders',
  [OrderRetCode.QuotePrice]: 'quote price changed, please confirm again',
  [OrderRetCode.OrderConflict]: 'order conflicts with an existing order',
  [OrderRetCode.SystemMaintenance]: 'system maintenance',
  [OrderRetCode.OrderNotFound]: 'order not found',
  [OrderRetCode.TaxFormRequired]: 'tax self-certification required',
}

export const billExportMessages: Record<BillExportRetCode, string> = {
  [BillExportRetCode.NoRecord]: 'no such export record',
  [BillExportRetCode.ExportLimit]: 'export limit reached',
  [BillExportRetCode.Duplicate]: 'an export for this range is already in progress',
  [BillExportRetCode.InvalidRequest]: 'invalid export request',
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
    /** The envelope's ext_code: a machine-readable reason beside the code ('' when none). */
    readonly extCode: string = '',
  ) {
    super(message)
  }
}
