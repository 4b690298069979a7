import { addToHomeScreen, checkHomeScreenStatus } from '@tma.js/sdk-react'

/**
 * Offers Telegram's "add to home screen" (Bot API 8.0) when the client supports it and the
 * mini-app is not there yet ('missed'); 'added', 'unsupported' or 'unknown' offer nothing.
 */
export async function offerHomeScreen(): Promise<boolean> {
  if (!checkHomeScreenStatus.isAvailable() || !addToHomeScreen.isAvailable()) return false
  if ((await checkHomeScreenStatus()) !== 'missed') return false
  addToHomeScreen()
  return true
}
