import { loadTelegramSdk } from './telegram-sdk'

/** Telegram's share sheet for a link, for clients without prepared messages (before 8.0). */
export const telegramShareLink = (url: string, text: string) =>
  `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`

/**
 * Shares inside Telegram (docs/telegram.md "Share and invitations"): from Bot API 8.0 the bot's
 * prepared message through the share sheet (`shareMessage`); before, or when no message could be
 * prepared, the t.me/share link through `openTelegramLink`. A user closing the sheet is no error.
 */
export async function shareInTelegram(
  prepare: (() => Promise<string>) | null,
  link: string,
  text: string,
): Promise<void> {
  const { shareMessage, openTelegramLink } = await loadTelegramSdk()
  if (prepare && shareMessage.isAvailable()) {
    let id: string | null = null
    try {
      id = await prepare()
    } catch (err) {
      console.warn('[share] no prepared message, sharing the link', err)
    }
    if (id) {
      try {
        await shareMessage(id)
      } catch (err) {
        // Declined by the user, or the message expired: nothing else to do.
        console.warn('[share]', err)
      }
      return
    }
  }
  openTelegramLink(telegramShareLink(link, text))
}
