import { LAUNCH_STORAGE_KEY } from '../../../contract/telegram-launch'
import { readJson, tabStore, type SafeStorage } from '../storage/safe-storage'

/** What the app needs to know, before loading the SDK, about a Telegram launch. */
export type TelegramLaunch = {
  platform: string
  initDataRaw: string | null
  startParam: string | null
  /** The Telegram user's language_code (IETF, e.g. 'ru', 'pt-br'), when Telegram sent one. */
  languageCode?: string | null
  /** The launch parameters as Telegram passed them (the tgWebApp* part of the hash). */
  rawLaunchParams?: string
}

export { LAUNCH_STORAGE_KEY }

type HostWindow = {
  parent?: unknown
  TelegramWebviewProxy?: unknown
  external?: unknown
}

/**
 * Whether a Telegram client can be on the other end: its webview's bridge
 * (TelegramWebviewProxy, injected before the page's scripts), or a parent page (Telegram Web
 * frames the mini-app and answers by postMessage). A top-level browser tab has neither: launch
 * parameters in its URL are a link someone made, never Telegram, so they are ignored there (a
 * link carrying another person's initData does not log a web visitor in as them).
 */
export function mayBeInsideTelegram(win: HostWindow = globalThis as HostWindow): boolean {
  if (win.TelegramWebviewProxy) return true
  if (win.parent && win.parent !== win) return true
  const external = win.external as { notify?: unknown } | undefined
  return typeof external?.notify === 'function'
}

/**
 * Telegram passes launch parameters in the URL hash. A reload or hash navigation can lose the
 * hash, so the first launch is kept in the session store (per tab, as Telegram scopes a
 * mini-app; in Telegram Web's frame, where the browser denies sessionStorage, per frame).
 */
export function readTelegramLaunch(
  hash: string,
  storage: SafeStorage = tabStore,
  insideTelegram: boolean = mayBeInsideTelegram(),
): TelegramLaunch | null {
  if (!insideTelegram) return null
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  const platform = params.get('tgWebAppPlatform')
  if (platform) {
    const initDataRaw = params.get('tgWebAppData')
    const launch: TelegramLaunch = {
      platform,
      initDataRaw,
      startParam: initDataRaw ? new URLSearchParams(initDataRaw).get('start_param') : null,
      languageCode: initDataRaw ? languageCodeOf(initDataRaw) : null,
      rawLaunchParams: [...params].filter(([k]) => k.startsWith('tgWebApp')).length
        ? new URLSearchParams([...params].filter(([k]) => k.startsWith('tgWebApp'))).toString()
        : undefined,
    }
    storage.setItem(LAUNCH_STORAGE_KEY, JSON.stringify(launch))
    return launch
  }
  return readJson<TelegramLaunch>(storage, LAUNCH_STORAGE_KEY)
}

/**
 * The hash to put back when a reload or in-app navigation dropped Telegram's launch parameters,
 * so the SDK (which reads them from the URL) starts as it did at first load; null when not needed.
 */
export function launchHashToRestore(hash: string, launch: TelegramLaunch | null): string | null {
  if (!launch?.rawLaunchParams || hash.includes('tgWebAppPlatform')) return null
  return `#${launch.rawLaunchParams}`
}

/**
 * The page's own hash without Telegram's launch parameters: once the SDK has started they are in
 * storage, and left in the URL they would travel in links and the login redirect (initData is a
 * credential).
 */
export function hashWithoutLaunchParams(hash: string): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  if (![...params.keys()].some((k) => k.startsWith('tgWebApp'))) return hash
  const rest = [...params].filter(([k]) => !k.startsWith('tgWebApp'))
  return rest.length ? `#${new URLSearchParams(rest)}` : ''
}

/** The user's language_code in initData (unverified here: it only picks the texts). */
function languageCodeOf(initDataRaw: string): string | null {
  try {
    const user = JSON.parse(new URLSearchParams(initDataRaw).get('user') ?? 'null') as {
      language_code?: unknown
    } | null
    return typeof user?.language_code === 'string' ? user.language_code : null
  } catch {
    return null
  }
}

/**
 * The Telegram launch (bootstrap); launch parameters in a tab no Telegram client opened (a link
 * someone made) are ignored, and not left in the address, where initData (a credential) would
 * travel in links and redirects.
 */
export function readLaunchOrForget(): TelegramLaunch | null {
  const launch = readTelegramLaunch(location.hash)
  if (!launch && location.hash.includes('tgWebApp'))
    history.replaceState(
      history.state,
      '',
      location.pathname + location.search + hashWithoutLaunchParams(location.hash),
    )
  return launch
}
