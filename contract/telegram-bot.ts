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
} as const

/**
 * What a device signs with its biometric key (HMAC-SHA256, hex): the order_id of a money move
 * (pay-order, redeem, claim-yield, operate-liquidity), and for the other confirmed calls the
 * string these build.
 */
export const biometricMessage = {
  autoSavings: (coin: string, open: boolean) =>
    `auto-savings:${coin.toUpperCase()}:${open ? 1 : 0}`,
  enrol: (deviceId: string) => `enrol:${deviceId}`,
  disable: (deviceId: string) => `disable:${deviceId}`,
}

/** The earn calls that need `confirm` while biometry is on (server: requireConfirmation). */
export const BIOMETRIC_CONFIRMED_CALLS = [
  'pay-order',
  'redeem',
  'claim-yield',
  'operate-liquidity',
  'edit-auto-savings',
] as const

/** What a confirmed call's `confirm` signs, from its body; null for any other call. */
export function confirmedCallMessage(call: string, body: unknown): string | null {
  if (!(BIOMETRIC_CONFIRMED_CALLS as readonly string[]).includes(call)) return null
  const b = (body ?? {}) as { order_id?: string; coin?: string; open?: boolean }
  if (call === 'edit-auto-savings') return biometricMessage.autoSavings(b.coin ?? '', !!b.open)
  return b.order_id ?? ''
}
