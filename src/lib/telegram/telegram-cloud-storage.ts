import { cloudStorage } from '@tma.js/sdk-react'

/**
 * One key of Telegram's cloud storage (Bot API 6.9: the user's storage for this bot, the same
 * on each of their Telegram devices); null where the client has none.
 */
export function telegramCloudStore(key: string) {
  if (!cloudStorage.getItem.isAvailable()) return null
  return {
    get: async (): Promise<string> => (await cloudStorage.getItem(key)) ?? '',
    set: async (value: string): Promise<void> => cloudStorage.setItem(key, value),
  }
}
