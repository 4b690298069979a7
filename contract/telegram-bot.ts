import { API_PREFIX, TELEGRAM_WEBHOOK_PREFIX } from './paths'

// Wire values of the bot, notifications and biometric confirmation (docs/telegram.md,
// docs/api.md). Plain constants, no runtime dependency.

/** Bot API webhook (setWebhook url = PUBLIC_ORIGIN + this); Telegram's secret header. */
export const TELEGRAM_WEBHOOK_PATH = `${API_PREFIX}${TELEGRAM_WEBHOOK_PREFIX}/webhook`
export const TELEGRAM_SECRET_HEADER = 'X-Telegram-Bot-Api-Secret-Token'

/** Earn calls (POST under /x-api/s1/byfi) for the settings the server enforces. */
export const TelegramSettingsCall = {
  Get: 'get-telegram-settings',
  SetNotifications: 'set-notifications',
  EnrolBiometry: 'enrol-biometry',
  DisableBiometry: 'disable-biometry',
  /** A single-use challenge that the next confirmed call (or enrolment) signs. */
  BiometryChallenge: 'get-biometry-challenge',
} as const

/** Seconds a challenge stays valid (the biometric prompt comes after it is fetched). */
export const BIOMETRY_CHALLENGE_TTL_SECONDS = 120

/** The earn calls that need `confirm` while biometry is on (server: requireConfirmation). */
export const BIOMETRIC_CONFIRMED_CALLS = [
  'pay-order',
  'redeem',
  'claim-yield',
  'operate-liquidity',
  'edit-auto-savings',
] as const

/** Fields of a call's body that are not part of what it asks. */
const UNSIGNED_FIELDS: readonly string[] = ['confirm', 'challenge']

/**
 * What a device signs with its biometric key (HMAC-SHA256, hex): a server-issued challenge, the
 * call and every field of its body (product, amount, position, coin, device…) but `confirm` and
 * `challenge`, keys sorted, values as JSON. A confirmation is good for that one call with that
 * one body, once (docs/security.md, round two item 4).
 */
export function biometricMessage(challenge: string, call: string, body: object): string {
  const fields = Object.entries(body)
    .filter(([k, v]) => !UNSIGNED_FIELDS.includes(k) && v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join('&')
  return `earn-confirm/1\n${challenge}\n${call}\n${fields}`
}

/** True for the calls a money-moving `confirm` protects (the table above). */
export const isConfirmedCall = (call: string) =>
  (BIOMETRIC_CONFIRMED_CALLS as readonly string[]).includes(call)
