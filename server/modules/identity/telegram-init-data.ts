import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'

export type TelegramUser = {
  id: number
  first_name: string
  username?: string | undefined
  language_code?: string | undefined
  /** Only when the client sends one (and the user's privacy settings allow it). */
  photo_url?: string | undefined
}

export type InitDataCheck =
  | { ok: true; user: TelegramUser; authDate: Date; startParam: string | null }
  | { ok: false; reason: string }

const telegramUser = z.object({
  id: z.number().int().positive(),
  first_name: z.string().max(256).default(''),
  username: z.string().max(64).optional(),
  language_code: z.string().max(16).optional(),
  // Shown as an image in the header: an https address or nothing (never a script or data URL).
  photo_url: z
    .string()
    .max(1024)
    .optional()
    .transform((url) => (url && /^https:\/\/[^\s"'<>]+$/.test(url) ? url : undefined)),
})

/** The refusal of a correctly signed initData that is too old (checked after the signature). */
export const INIT_DATA_EXPIRED = 'init data has expired'

/**
 * Validates initData as Telegram specifies: hash = HMAC_SHA256(key = HMAC_SHA256('WebAppData',
 * bot_token), every other field as key=value sorted by key and joined by \n), compared in
 * constant time; auth_date must be within maxAgeSeconds. The raw string is used as received.
 */
export function checkInitData(
  raw: string,
  botToken: string,
  now: Date,
  maxAgeSeconds: number,
): InitDataCheck {
  const params = new URLSearchParams(raw)
  const hash = params.get('hash')
  if (!hash) return { ok: false, reason: 'init data has no hash' }
  if (!/^[0-9a-f]{64}$/i.test(hash)) return { ok: false, reason: 'init data hash is malformed' }

  const pairs: [string, string][] = []
  const seen = new Set<string>()
  for (const [key, value] of params) {
    if (key === 'hash') continue
    // A repeated key would make the data-check-string ambiguous.
    if (seen.has(key)) return { ok: false, reason: `init data repeats ${key}` }
    seen.add(key)
    pairs.push([key, value])
  }
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const dataCheckString = pairs.map(([k, v]) => `${k}=${v}`).join('\n')
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest()
  const expected = createHmac('sha256', secret).update(dataCheckString).digest()
  const given = Buffer.from(hash, 'hex')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'init data signature is invalid' }
  }

  const authDateText = params.get('auth_date')
  if (!authDateText || !/^\d{1,12}$/.test(authDateText)) {
    return { ok: false, reason: 'init data has no auth_date' }
  }
  const authDate = new Date(Number(authDateText) * 1000)
  const ageSeconds = (now.getTime() - authDate.getTime()) / 1000
  if (ageSeconds > maxAgeSeconds) return { ok: false, reason: INIT_DATA_EXPIRED }
  // A little clock skew is tolerated; a date far in the future is not.
  if (ageSeconds < -60) return { ok: false, reason: 'init data auth_date is in the future' }

  const userText = params.get('user')
  if (!userText) return { ok: false, reason: 'init data has no user' }
  let userJson: unknown
  try {
    userJson = JSON.parse(userText)
  } catch {
    return { ok: false, reason: 'init data user is not JSON' }
  }
  const user = telegramUser.safeParse(userJson)
  if (!user.success) return { ok: false, reason: 'init data user is malformed' }
  return { ok: true, user: user.data, authDate, startParam: params.get('start_param') }
}
