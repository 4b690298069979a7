import { createRoot, hydrateRoot } from 'react-dom/client'
import { i18n } from '../lib/i18n/i18n'
import { appVersionFromUserAgent } from '../../contract/app-user-agent'
import { detectPlatform, isTelegramPlatform } from '../lib/platform/platform'
import { platformStore } from '../lib/platform/platform-store'
import {
  hashWithoutLaunchParams,
  launchHashToRestore,
  readTelegramLaunch,
} from '../lib/platform/telegram-launch'
import { App, prepareHydration, startAppSession } from './app'

/**
 * Start order of the Telegram template: (dev-only) mock environment → SDK init → mount what is
 * available → bind theme and viewport CSS variables → render. The SDK is loaded only inside
 * Telegram, so web visitors never download it.
 */
export async function bootstrap(rootElement: HTMLElement): Promise<void> {
  if (import.meta.env.DEV && new URLSearchParams(location.search).has('tgmock')) {
    const { mockTelegramForDevelopment } = await import('./telegram/dev-mock-env')
    mockTelegramForDevelopment()
  }

  const launch = readTelegramLaunch(location.hash, sessionStorage)
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
  const serverRendered = rootElement.hasChildNodes()
  if (platformStore.telegram) {
    try {
      // The SDK reads launch parameters from the URL: lend it the first launch's for init only,
      // then give the page its own URL back (no initData in links or redirects).
      const restore = launchHashToRestore(location.hash, launch)
      const ownUrl = location.pathname + location.search + hashWithoutLaunchParams(location.hash)
      if (restore)
        history.replaceState(history.state, '', location.pathname + location.search + restore)
      const { initTelegram, startPathOf } = await import('./telegram/init-telegram')
      try {
        await initTelegram()
      } finally {
        history.replaceState(history.state, '', ownUrl)
      }
      // t.me/<bot>/<app>?startapp=<payload>: the first page is the payload's route.
      const startPath = startPathOf(launch, location.pathname)
      if (startPath && startPath !== location.pathname)
        history.replaceState(history.state, '', startPath + location.search + location.hash)
    } catch (err) {
      console.error('[telegram] init failed', err)
      createRoot(rootElement).render(<UnsupportedEnvironment />)
      return
    }
  }
  // The exchange app's webview: its bridge (own chunk) gives the user token before any call.
  const appVersion = platformStore.telegram ? null : appVersionFromUserAgent(navigator.userAgent)
  if (appVersion) {
    try {
      await (await import('../lib/app-bridge/app-webview')).startAppWebview(appVersion)
    } catch (err) {
      console.error('[app-bridge] start failed', err)
    }
  }
  startAppSession()
  // Hydrating keeps the painted page and makes it live. The app webview's user is known only
  // now, so there (and inside Telegram, where the page was dropped) the client renders anew.
  if (serverRendered && !platformStore.telegram && !platformStore.inApp) {
    // Should the page's load fail, React still hydrates and redraws what does not match.
    await prepareHydration().catch((err: unknown) => console.error('[hydrate] load failed', err))
    hydrateRoot(rootElement, <App />, {
      onRecoverableError: (err) => console.error('[hydrate]', err),
    })
  } else {
    createRoot(rootElement).render(<App />)
  }
}

function UnsupportedEnvironment() {
  return (
    <main role="alert" className="mx-auto max-w-[600px] px-4 py-16 text-[var(--earn-text)]">
      <h1 className="m-0 text-xl font-700">{i18n.t('app.unsupported')}</h1>
      <p className="text-[var(--earn-hint)]">{i18n.t('app.unsupportedHint')}</p>
    </main>
  )
}
