import { downloadFile } from '@tma.js/sdk-react'

/**
 * Saves a file the native way (Bot API 8.0, web_app_request_file_download): Telegram asks the
 * user and downloads it itself. 'unsupported' on older clients (the caller opens the link
 * instead); a user who declines has decided, so that is 'declined', not a reason to fall back.
 */
export async function telegramDownload(
  url: string,
  fileName: string,
): Promise<'downloading' | 'declined' | 'unsupported'> {
  if (!downloadFile.isAvailable()) return 'unsupported'
  try {
    await downloadFile(url, fileName)
    return 'downloading'
  } catch (err) {
    if (err instanceof Error && err.name === 'AccessDeniedError') return 'declined'
    console.warn('[telegram] downloadFile', err)
    return 'unsupported'
  }
}
