// The API's ret_codes: spec §8's order and bill-export codes plus the generic codes we chose
// (docs/api.md). Plain constants with no runtime dependency, so the server answers with them
// and the client maps them to messages from one list.

export const RetCode = {
  OK: 0,
  /** Request parameters failed validation (our choice; Bybit uses 10001 likewise). */
  InvalidRequest: 10001,
  /** Register with an email that already has an account (our choice). */
  EmailTaken: 10002,
  /** Wrong email or password, or Telegram initData refused (our choice). */
  InvalidCredentials: 10003,
  /** Unknown path or method (our choice). */
  NotFound: 10004,
  /** Too many requests (login attempts, rate limits). */
  TooManyRequests: 10006,
  LoginExpired: 10007,
  LoginExpiredAlt: 100007,
  NoPermission: 10009,
  /** Internal error (our choice; Bybit uses 10016 for "server error"). */
  Internal: 10016,
  ComplianceWall: 10024,
  /** Request body over the size limit (our choice). */
  PayloadTooLarge: 10413,
  UserNoPermission: 33003,
  /** Cross-site state-changing request refused (Sec-Fetch-Site; our choice). */
  CrossSiteRefused: 10403,
  /** State-changing request without application/json (our choice). */
  UnsupportedMediaType: 10415,
  /**
   * Biometric confirmation missing or wrong: the user has it on, and the call needs
   * confirm = HMAC-SHA256(device key, message) (docs/api.md; our choice, HTTP 428's number).
   */
  BiometricConfirmationRequired: 10428,
} as const
export type RetCode = (typeof RetCode)[keyof typeof RetCode]

/** Order codes of spec §8 (earn calls under /s1/byfi). */
export const OrderRetCode = {
  SoldOut: 302,
  InsufficientBalance: 303,
  InsufficientBalanceAlt: 304,
  RateLimit: 315,
  OverLimit: 320,
  /** Meaning not shown in the spec; see docs/decisions.md. */
  Special325: 325,
  NotEligible: 334,
  MaxPendingOrders: 336,
  QuotePrice: 340,
  /** Meaning not shown in the spec; see docs/decisions.md. */
  Special344: 344,
  SystemMaintenance: 600,
  Special601: 601,
  Special602: 602,
  Special604: 604,
} as const
export type OrderRetCode = (typeof OrderRetCode)[keyof typeof OrderRetCode]

/** Bill-export codes of spec §8; 303 means "no record" here, not "insufficient balance". */
export const BillExportRetCode = {
  NoRecord: 303,
  ExportLimit: 326,
  Duplicate: 327,
  InvalidRequest: 328,
} as const
export type BillExportRetCode = (typeof BillExportRetCode)[keyof typeof BillExportRetCode]
