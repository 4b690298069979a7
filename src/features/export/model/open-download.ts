import { openExternal } from '../../../lib/platform/open-link'
import { platformStore } from '../../../lib/platform/platform-store'

/**
 * Opens a download where this client runs: inside Telegram (Bot API 8.0+) saved natively with
 * downloadFile, else Telegram's openLink, the app's launcher, or a new window
 * (lib/platform/open-link). Never throws: a failure is logged (spec §8) and reported as false.
 */
export async function openDownload(url: string, fileName: string): Promise<boolean> {
  try {
    if (platformStore.telegram) {
      const { telegramDownload } = await import('../../../lib/telegram/telegram-download')
      // Telegram's client fetches the link itself, so it must be absolute.
      if ((await telegramDownload(new URL(url, location.href).href, fileName)) !== 'unsupported')
        return true
    }
    await openExternal(url)
    return true
  } catch (err) {
    console.error('[export] download failed', err)
    return false
  }
}
