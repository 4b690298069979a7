import { z } from 'zod'

/** Account status (spec §3 lists `status`; values are ours, see docs/decisions.md). */
export const UserStatus = { Active: 1, Frozen: 2 } as const
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus]

/** KYC applicant level (spec §3): LEVEL_DEFAULT 0, LEVEL_1 1, LEVEL_2 2, others read as 0. */
export const KycLevel = { LEVEL_DEFAULT: 0, LEVEL_1: 1, LEVEL_2: 2 } as const
export type KycLevel = (typeof KycLevel)[keyof typeof KycLevel]

/** User tags the server knows; 'tag_blocked' users cannot buy (spec §6). */
export const UserTag = { TagBlocked: 'tag_blocked' } as const

/** The longest address SMTP carries (RFC 5321's path limit less the angle brackets). */
export const EMAIL_MAX_LENGTH = 254
/**
 * local@label(.label)+, checked in one pass: the local part stops at the only '@' and each
 * domain label at its '.', so no character can be matched two ways. The previous pattern
 * (`[^\s@]+\.[^\s@]+` after the '@') tried every split of a run of dots: quadratic.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/
const email = z
  .string()
  .trim()
  .toLowerCase()
  // abort: a string over the bound is refused without running the pattern on it (zod runs
  // the later checks by default, and an attacker picks the string).
  .max(EMAIL_MAX_LENGTH, { abort: true })
  .regex(EMAIL_PATTERN, 'must be an email address')
const password = z.string().min(8, 'must be at least 8 characters').max(128)

export const registerRequest = z
  .object({
    email,
    password,
    country_code: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
      .transform((v) => v.toUpperCase())
      .optional(),
    lang: z.string().min(2).max(16).optional(),
    // users.parent_member_id is an int4: a bigger id would fail in the database (a 500).
    parent_member_id: z.number().int().positive().max(2_147_483_647).optional(),
  })
  .strict()
export type RegisterRequest = z.input<typeof registerRequest>

export const loginRequest = z.object({ email, password: z.string().min(1).max(128) }).strict()
export type LoginRequest = z.input<typeof loginRequest>

export const telegramLoginRequest = z
  .object({ init_data: z.string().min(1, 'init_data is required').max(8192) })
  .strict()
export type TelegramLoginRequest = z.input<typeof telegramLoginRequest>

/** Spec §3 user profile, as GET /v2/private/user/profile answers it. */
export type UserProfile = {
  id: number
  username: string
  /** Ours, beside the spec's fields: a Telegram account's first name and photo ('' for others). */
  first_name: string
  photo_url: string
  vague_email: string
  vague_mobile: string
  mobile_verified: boolean
  email_verified: boolean
  has_google2fa: boolean
  country_code: string
  lang: string
  parent_member_id: number
  status: UserStatus
  loyalty_vip_info: { is_vip: boolean; label_level: number }
}

/** What login answers; the session token travels only in the HttpOnly cookie. */
export type LoginResult = {
  user_id: number
  expires_at: number
  created: boolean
  /**
   * Telegram login only: the session token, which the mini-app keeps in memory (and its tab's
   * store) and sends as the UserToken header, because a cross-site frame (Telegram Web) neither
   * stores nor sends the session cookie (docs/security.md, "Sessions inside Telegram").
   */
  token?: string
}

/**
 * What register answers, the same whether the email was free or already registered (so it
 * reveals neither): the account then logs in with POST /v1/auth/login.
 */
export type RegisterResult = { accepted: true }

export const kycInfoRequest = z
  .object({
    obtain_state: z.boolean().optional(),
    obtain_quotas: z.boolean().optional(),
    obtain_current: z.boolean().optional(),
    obtain_kyc_token: z.boolean().optional(),
  })
  .strict()
export type KycInfoRequest = z.input<typeof kycInfoRequest>

export type KycInfo = {
  applicant: { level: KycLevel }
  state?: { status: 'NONE' | 'VERIFIED'; country_code: string }
  quotas?: { daily_withdraw_usd: string; can_buy_earn: boolean }
  current?: { level: KycLevel; next_level: KycLevel | null }
  kyc_token?: string
}
