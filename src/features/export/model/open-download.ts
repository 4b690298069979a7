import { openExternal } from '../../../lib/platform/open-link'

export { APP_OPEN_URL_SCREEN } from '../../../lib/platform/open-link'

/**
 * Opens a download where this client runs (Telegram's openLink, the app's launcher, or a new
 * window; lib/platform/open-link). Never throws: a failure is logged (spec §8) and reported as
 * false.
 */
export async function openDownload(url: string): Promise<boolean> {
  try {
    await openExternal(url)
    return true
  } catch (err) {
    console.error('[export] download failed', err)
    return false
  }
}
