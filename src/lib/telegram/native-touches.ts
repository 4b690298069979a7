import { platformStore } from '../platform/platform-store'
import { localStore } from '../storage/safe-storage'
import { withTelegram } from './telegram-sdk'

/** Inside Telegram: the keyboard goes once an amount is confirmed (Bot API 9.1). */
export function hideTelegramKeyboard(): void {
  withTelegram((sdk) => sdk.hideKeyboard.ifAvailable())
}

const OFFERED_KEY = 'earn/home-screen-offered'

/**
 * After the first successful subscription, once per device: offer to add Earn to the home
 * screen (its own chunk, inside Telegram only). Never throws.
 */
export function offerHomeScreenOnce(): void {
  if (!platformStore.telegram) return
  // Without the browser's storage: once per page.
  if (localStore.getItem(OFFERED_KEY)) return
  localStore.setItem(OFFERED_KEY, '1')
  void import('./telegram-home-screen')
    .then((m) => m.offerHomeScreen())
    .catch((err: unknown) => console.warn('[telegram] home screen', err))
}
