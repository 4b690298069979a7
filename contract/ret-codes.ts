// The API's generic ret_codes (the ones we chose, docs/api.md); spec §8's order and bill-export
// codes: order-ret-codes.ts (a file apart, so the client's first load carries only these).
// Plain constants with no runtime dependency: the server answers with them and the client maps
// them to messages from one list.

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
  /**
   * pay-order of a structured product (contract/settlement.ts RISK_ACK_PRODUCT_TYPES) before the
   * user acknowledged that product type's risk with acknowledge-risk (our choice, HTTP 412's
   * number: a precondition the user fulfils once; docs/api.md).
   */
  RiskAcknowledgementRequired: 10412,
  /**
   * A money move by an account without a country of residence (neither KYC-verified nor
   * declared: accounts created through Telegram): declare-country first (our choice, HTTP 451's
   * number, "unavailable for legal reasons"; docs/security.md round two item 6).
   */
  CountryRequired: 10451,
} as const
export type RetCode = (typeof RetCode)[keyof typeof RetCode]

/**
 * Why Telegram initData was refused (InvalidCredentials), sent in the envelope's ext_code so the
 * client tells a stale launch (offer a reopen) from a bad one without reading the message.
 */
export const TelegramRefusal = {
  /** Correctly signed but older than TELEGRAM_AUTH_MAX_AGE_SECONDS. */
  Expired: 'init_data_expired',
  /** Unsigned, wrongly signed or malformed. */
  Invalid: 'init_data_invalid',
} as const
export type TelegramRefusal = (typeof TelegramRefusal)[keyof typeof TelegramRefusal]
