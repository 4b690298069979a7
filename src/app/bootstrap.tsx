import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { appVersionFromUserAgent } from '../../contract/app-user-agent'
import { detectPlatform, isTelegramPlatform } from '../lib/platform/platform'
import { platformStore } from '../lib/platform/platform-store'
import { LAUNCH_STORAGE_KEY } from '../../contract/telegram-launch'
import { localStore, tabStore } from '../lib/storage/safe-storage'
import { App, prepareHydration, prepareRender, startAppSession } from './app'

/**
 * Start: the platform from the launch parameters and the user agent, then the app. The
 * server's first view (the same markup on every platform) is hydrated, inside Telegram too;
 * the Telegram SDK starts beside it and is never waited for (its chunks were preloaded by the
 * shell's launch script), so a client that answers late or never still gets a live page. The
 * SDK is loaded only inside Telegram, so web visitors never download it.
 */
export async function bootstrap(rootElement: HTMLElement): Promise<void> {
  // Telegram Web's cross-site frame denies storage: a shim of ours before any library reads it.
  if (!localStore.backedByBrowser || !tabStore.backedByBrowser)
    (await import('../lib/storage/storage-fallback')).installStorageFallbacks()
  if (import.meta.env.DEV && new URLSearchParams(location.search).has('tgmock')) {
    const { mockTelegramForDevelopment } = await import('./telegram/dev-mock-env')
    mockTelegramForDevelopment()
  }

  // A launch in the hash, or kept from this tab's first load: its code loads only then.
  const launched =
    location.hash.includes('tgWebApp') || tabStore.getItem(LAUNCH_STORAGE_KEY) !== null
  const launch = launched
    ? (await import('../lib/platform/telegram-launch')).readLaunchOrForget()
    : null
  const platform = detectPlatform({
    tgWebAppPlatform: launch?.platform,
    userAgent: navigator.userAgent,
  })
  platformStore.platform = platform
  platformStore.telegram = isTelegramPlatform(platform)
  document.documentElement.dataset.platform = platform
  // Clock sync and the analytics start: their own chunk, off the first load.
  void import('./start-shared-behaviour').then((m) => m.startSharedBehaviour())

  // The server's render of the first view (see server/modules/client-shell/first-view.ts).
  let hydrate = rootElement.hasChildNodes()
  let telegramFailure: Promise<unknown> | null = null
  if (platformStore.telegram) {
    // Its own small chunk, preloaded by the shell's launch script beside the entry. Should it
    // fail to load, the page still comes alive, as on the web (no SDK: not an init failure).
    const started = await import('./telegram/telegram-start').then(
      (m) => m.startTelegramBeside(launch),
      (err: unknown) => {
        console.error('[telegram] start chunk failed to load', err)
        return { sdk: Promise.resolve(), redrawn: false }
      },
    )
    telegramFailure = started.sdk.then(
      () => null,
      (err: unknown) => err ?? new Error('init failed'),
    )
    // A start_param opening another page, or the user's language instead of the server's en.
    if (started.redrawn) hydrate = false
  }
  // The app webview's user is known only from its bridge, which the server cannot see.
  const appVersion = platformStore.telegram ? null : appVersionFromUserAgent(navigator.userAgent)
  if (appVersion) {
    hydrate = false
    try {
      await (await import('../lib/app-bridge/app-webview')).startAppWebview(appVersion)
    } catch (err) {
      console.error('[app-bridge] start failed', err)
    }
  }
  startAppSession()
  // What the server drew its view for: it saw the user agent, not Telegram's hash.
  platformStore.serverDrawn = detectPlatform({ userAgent: navigator.userAgent })
  let root: Root
  if (hydrate) {
    // Hydrating keeps the painted page and makes it live. Should the page's load fail, React
    // still hydrates and redraws what does not match.
    await prepareHydration().catch((err: unknown) => console.error('[hydrate] load failed', err))
    root = hydrateRoot(rootElement, <App />, {
      onRecoverableError: (err) => console.error('[hydrate]', err),
    })
  } else {
    // Over a server view: replaced in one commit by the loaded page, never by an empty one.
    if (rootElement.hasChildNodes())
      await prepareRender().catch((err: unknown) => console.error('[render] load failed', err))
    root = createRoot(rootElement)
    root.render(<App />)
  }
  // The web's preferences (hide balances) from localStorage; Telegram's come after its start.
  if (!platformStore.telegram)
    void import('../lib/preferences/preferences').then((m) => m.loadPreferences())
  // Only a failed init() means this is no Telegram client; a silent client is not a failure.
  void telegramFailure?.then((err) => {
    if (!err) return
    console.error('[telegram] init failed', err)
    void import('./telegram/unsupported-environment').then(({ UnsupportedEnvironment }) =>
      root.render(<UnsupportedEnvironment />),
    )
  })
}
