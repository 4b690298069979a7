// The server's error catalogue (spec §8 plus the generic codes we chose, see docs/api.md).
// Every error the API answers with is one of these codes.

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
} as const
export type RetCode = (typeof RetCode)[keyof typeof RetCode]

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
}

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

/** Bill-export codes of spec §8; 303 means "no record" here, not "insufficient balance". */
export const BillExportRetCode = {
  NoRecord: 303,
  ExportLimit: 326,
  Duplicate: 327,
  InvalidRequest: 328,
} as const
export type BillExportRetCode = (typeof BillExportRetCode)[keyof typeof BillExportRetCode]

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
