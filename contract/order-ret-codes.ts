// Spec §8's order and bill-export ret_codes by name (docs/decisions.md gives our meanings where
// the spec shows none). Dependency-free, like ret-codes.ts. 601 is left out: nothing in this
// project is ever in the state it would name (docs/decisions.md); the client shows an unknown
// order code as the generic message with "Try later".

/** Order codes of spec §8 (earn calls under /s1/byfi). */
export const OrderRetCode = {
  SoldOut: 302,
  InsufficientBalance: 303,
  InsufficientBalanceAlt: 304,
  RateLimit: 315,
  OverLimit: 320,
  /**
   * Spec: meaning not shown; ours: the product takes no orders now (offline, or its subscription
   * window has not started; docs/decisions.md).
   */
  OrderUnavailable: 325,
  NotEligible: 334,
  MaxPendingOrders: 336,
  QuotePrice: 340,
  /** Spec: meaning not shown; ours: the order id was used with another payload. */
  OrderConflict: 344,
  SystemMaintenance: 600,
  /** Spec: meaning not shown; ours: no such order or position of this user. */
  OrderNotFound: 602,
  /** Spec: meaning not shown; ours: tax self-certification required (opens the taxation dialog). */
  TaxFormRequired: 604,
} as const
export type OrderRetCode = (typeof OrderRetCode)[keyof typeof OrderRetCode]

/**
 * The envelope's ext_code beside 334 (not eligible): which check refused, so the UI offers what
 * helps (identity verification only when the level is what is missing; docs/decisions.md). A
 * product outside the user's gray-release stage has its own (contract/gray-release.ts). Other
 * refusals (a blocked account, a closed position's action) carry none.
 */
export const NotEligibleExtCode = {
  KycRequired: 'kyc_required',
  Voucher: 'voucher',
  Ended: 'ended',
} as const
export type NotEligibleExtCode = (typeof NotEligibleExtCode)[keyof typeof NotEligibleExtCode]

/** Bill-export codes of spec §8; 303 means "no record" here, not "insufficient balance". */
export const BillExportRetCode = {
  NoRecord: 303,
  ExportLimit: 326,
  Duplicate: 327,
  InvalidRequest: 328,
} as const
export type BillExportRetCode = (typeof BillExportRetCode)[keyof typeof BillExportRetCode]
