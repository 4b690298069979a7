import { BillExportRetCode, OrderRetCode } from '../../../contract/order-ret-codes'
import { RetCode } from '../../../contract/ret-codes'

/**
 * i18n keys (namespace common) of the on-screen message per order code of spec §8
 * (contract/ret-codes.ts names each; docs/decisions.md gives our meanings where the spec is silent).
 */
export const ORDER_CODE_MESSAGE_KEYS: Readonly<Record<OrderRetCode, string>> = {
  [OrderRetCode.SoldOut]: 'errors.order.soldOut',
  [OrderRetCode.InsufficientBalance]: 'errors.order.insufficientBalance',
  [OrderRetCode.InsufficientBalanceAlt]: 'errors.order.insufficientBalance',
  [OrderRetCode.OverLimit]: 'errors.order.overLimit',
  [OrderRetCode.SystemMaintenance]: 'errors.order.systemMaintenance',
  [OrderRetCode.NotEligible]: 'errors.order.notEligible',
  [OrderRetCode.MaxPendingOrders]: 'errors.order.maxPendingOrders',
  [OrderRetCode.RateLimit]: 'errors.order.rateLimit',
  [OrderRetCode.QuotePrice]: 'errors.order.quotePrice',
  // Codes the spec gives no meaning for: a plain "cannot place the order now" message (the
  // subscribe flow opens the taxation dialog for TaxFormRequired itself).
  [OrderRetCode.OrderUnavailable]: 'errors.order.unavailable',
  [OrderRetCode.OrderConflict]: 'errors.order.unavailable',
  [OrderRetCode.OrderNotFound]: 'errors.order.unavailable',
  [OrderRetCode.TaxFormRequired]: 'errors.order.unavailable',
}

export const BILL_EXPORT_CODE_MESSAGE_KEYS: Readonly<Record<BillExportRetCode, string>> = {
  [BillExportRetCode.NoRecord]: 'errors.billExport.noRecord',
  [BillExportRetCode.ExportLimit]: 'errors.billExport.exportLimit',
  [BillExportRetCode.Duplicate]: 'errors.billExport.duplicate',
  [BillExportRetCode.InvalidRequest]: 'errors.billExport.invalidRequest',
}

export const GENERIC_ERROR_KEY = 'errors.generic'

const lookup = (table: Readonly<Record<number, string>>, code: number | undefined) =>
  (code !== undefined && table[code]) || GENERIC_ERROR_KEY

/** The message key for an order call's error code. */
export const orderErrorKey = (code: number | undefined) =>
  code === RetCode.BiometricConfirmationRequired
    ? 'errors.order.biometricRequired'
    : lookup(ORDER_CODE_MESSAGE_KEYS, code)
/** The message key for a bill-export call's error code (303 means "no record" there). */
export const billExportErrorKey = (code: number | undefined) =>
  lookup(BILL_EXPORT_CODE_MESSAGE_KEYS, code)
