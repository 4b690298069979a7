import { platformStore } from '../platform/platform-store'

type TelegramSdk = typeof import('./telegram-sdk-parts')

let loading: Promise<TelegramSdk> | null = null
let loaded: TelegramSdk | null = null

/**
 * The SDK, loaded on first use (its own chunk; web visitors never download it). Inside
 * Telegram bootstrap has loaded it before the first render, so later calls resolve at once.
 */
export function loadTelegramSdk(): Promise<TelegramSdk> {
  loading ??= import('./telegram-sdk-parts').then((sdk) => (loaded = sdk))
  return loading
}

/** The SDK once loaded, for cleanups that must run synchronously; null before. */
export const loadedTelegramSdk = () => loaded

/** Runs fn with the SDK inside Telegram; a no-op on the web. Never throws. */
export function withTelegram(fn: (sdk: TelegramSdk) => void): void {
  if (!platformStore.telegram) return
  const run = (sdk: TelegramSdk) => {
    try {
      fn(sdk)
    } catch (err) {
      console.warn('[telegram]', err)
    }
  }
  if (loaded) run(loaded)
  else void loadTelegramSdk().then(run, (err) => console.warn('[telegram] sdk', err))
}
