import { appLink } from '../../../lib/deep-links/app-deep-links'
import { platformStore } from '../../../lib/platform/platform-store'

/** The app screen that hands a URL to the system browser or downloader (ours; docs/export.md). */
export const APP_OPEN_URL_SCREEN = 'system/open-url'

/**
 * Opens a download where this client runs: Telegram's openLink in the mini-app (the SDK is
 * only loaded inside Telegram), the app's launcher in its webview, else a new window.
 * Never throws: a failure is logged (spec §8) and reported as false.
 */
export async function openDownload(url: string): Promise<boolean> {
  try {
    if (platformStore.telegram) {
      const { openLink } = await import('@telegram-apps/sdk-react')
      if (openLink.isAvailable()) {
        openLink(url)
        return true
      }
    }
    if (platformStore.inApp) {
      location.href = appLink({ screen: APP_OPEN_URL_SCREEN, params: { url } })
      return true
    }
    // The file is sent as an attachment, so a blocked pop-up can fall back to this page.
    const opened = window.open(url, '_blank')
    if (opened) opened.opener = null
    else location.assign(url)
    return true
  } catch (err) {
    console.error('[export] download failed', err)
    return false
  }
}
