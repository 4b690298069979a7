import type { BillExportRetCode, OrderRetCode } from '../../../contract/ret-codes'

/**
 * i18n keys (namespace common) of the on-screen message per order code of spec §8
 * (contract/ret-codes.ts; the meanings of 325, 344, 601, 602 and 604 are not given).
 */
export const ORDER_CODE_MESSAGE_KEYS: Readonly<Record<OrderRetCode, string>> = {
  302: 'errors.order.soldOut',
  303: 'errors.order.insufficientBalance',
  304: 'errors.order.insufficientBalance',
  320: 'errors.order.overLimit',
  600: 'errors.order.systemMaintenance',
  334: 'errors.order.notEligible',
  336: 'errors.order.maxPendingOrders',
  315: 'errors.order.rateLimit',
  340: 'errors.order.quotePrice',
  // Meanings not given by the spec: a plain "cannot place the order now" message.
  325: 'errors.order.unavailable',
  344: 'errors.order.unavailable',
  601: 'errors.order.unavailable',
  602: 'errors.order.unavailable',
  604: 'errors.order.unavailable',
}

export const BILL_EXPORT_CODE_MESSAGE_KEYS: Readonly<Record<BillExportRetCode, string>> = {
  303: 'errors.billExport.noRecord',
  326: 'errors.billExport.exportLimit',
  327: 'errors.billExport.duplicate',
  328: 'errors.billExport.invalidRequest',
}

export const GENERIC_ERROR_KEY = 'errors.generic'

const lookup = (table: Readonly<Record<number, string>>, code: number | undefined) =>
  (code !== undefined && table[code]) || GENERIC_ERROR_KEY

/** The message key for an order call's error code. */
export const orderErrorKey = (code: number | undefined) => lookup(ORDER_CODE_MESSAGE_KEYS, code)
/** The message key for a bill-export call's error code (303 means "no record" there). */
export const billExportErrorKey = (code: number | undefined) =>
  lookup(BILL_EXPORT_CODE_MESSAGE_KEYS, code)
