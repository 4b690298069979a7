// The server's error catalogue (spec §8 plus the generic codes we chose, see docs/api.md).
// Every error the API answers with is one of these codes.

export const RetCode = {
  OK: 0,
  /** Request parameters failed validation (our choice; Bybit uses 10001 likewise). */
  InvalidRequest: 10001,
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
}

export function defaultMessage(code: number): string {
  return messages[code] ?? 'request failed'
}

/** A business or protocol error that the error handler turns into the envelope. */
export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    readonly code: number,
    message: string = defaultMessage(code),
    /** HTTP status; business errors travel as 200 with a non-zero ret_code. */
    readonly httpStatus: 200 | 400 | 401 | 403 | 404 | 413 | 429 | 500 | 503 = 200,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}
