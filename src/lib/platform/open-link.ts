import { APP_SCREEN } from '../../../contract/app-deep-links'
import { appLink } from '../deep-links/app-deep-links'
import { loadTelegramSdk } from '../telegram/telegram-sdk'
import { platformStore } from './platform-store'

const TELEGRAM_HOSTS = new Set(['t.me', 'telegram.me', 'telegram.dog'])

/** t.me links (and tg:// ones) open inside Telegram itself, not in a browser. */
export function isTelegramLink(url: string): boolean {
  if (/^tg:/i.test(url)) return true
  try {
    return TELEGRAM_HOSTS.has(new URL(url).hostname.toLowerCase())
  } catch {
    return false
  }
}

/**
 * Opens an external link or a download where this client runs (spec §7): inside Telegram
 * through openTelegramLink (t.me) or openLink (anything else), in the exchange app through its
 * native launcher, else in a new window (this page when pop-ups are blocked). Throws only when
 * nothing could open it.
 */
export async function openExternal(url: string): Promise<void> {
  if (platformStore.telegram) {
    const { openLink, openTelegramLink } = await loadTelegramSdk()
    if (isTelegramLink(url) && openTelegramLink.isAvailable()) return openTelegramLink(url)
    if (openLink.isAvailable()) return openLink(url)
  }
  if (platformStore.inApp) {
    location.href = appLink({ screen: APP_SCREEN.openUrl, params: { url } })
    return
  }
  const opened = window.open(url, '_blank')
  if (opened) opened.opener = null
  else location.assign(url)
}
