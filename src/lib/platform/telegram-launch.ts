/** What the app needs to know, before loading the SDK, about a Telegram launch. */
export type TelegramLaunch = {
  platform: string
  initDataRaw: string | null
  startParam: string | null
}

export const LAUNCH_STORAGE_KEY = 'earn/telegram-launch'

/**
 * Telegram passes launch parameters in the URL hash. A reload or hash navigation can lose the
 * hash, so the first launch is kept in sessionStorage (per tab, as Telegram scopes a mini-app).
 */
export function readTelegramLaunch(
  hash: string,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
): TelegramLaunch | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  const platform = params.get('tgWebAppPlatform')
  if (platform) {
    const initDataRaw = params.get('tgWebAppData')
    const launch: TelegramLaunch = {
      platform,
      initDataRaw,
      startParam: initDataRaw ? new URLSearchParams(initDataRaw).get('start_param') : null,
    }
    try {
      storage.setItem(LAUNCH_STORAGE_KEY, JSON.stringify(launch))
    } catch {
      // Storage can be unavailable (private mode); the hash still works for this load.
    }
    return launch
  }
  try {
    const stored = storage.getItem(LAUNCH_STORAGE_KEY)
    return stored ? (JSON.parse(stored) as TelegramLaunch) : null
  } catch {
    return null
  }
}
