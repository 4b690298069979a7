import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { availableLanguages, i18n, setLanguageWithoutPrefix } from '../lib/i18n/i18n'
import { appVersionFromUserAgent } from '../../contract/app-user-agent'
import { DEFAULT_LANGUAGE, languageFromCode, localeOfPath } from '../lib/locale/locale'
import { detectPlatform, isTelegramPlatform } from '../lib/platform/platform'
import { platformStore } from '../lib/platform/platform-store'
import {
  hashWithoutLaunchParams,
  launchHashToRestore,
  readTelegramLaunch,
  type TelegramLaunch,
} from '../lib/platform/telegram-launch'
import { App, prepareHydration, prepareRender, startAppSession } from './app'

/**
 * Start: the platform from the launch parameters and the user agent, then the app. The
 * server's first view (the same markup on every platform) is hydrated, inside Telegram too;
 * the Telegram SDK starts beside it and is never waited for (its chunks were preloaded by the
 * shell's launch script), so a client that answers late or never still gets a live page. The
 * SDK is loaded only inside Telegram, so web visitors never download it.
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

  // The server's render of the first view (see server/modules/client-shell/first-view.ts).
  let hydrate = rootElement.hasChildNodes()
  let telegramFailure: Promise<unknown> | null = null
  if (platformStore.telegram) {
    const started = startTelegramBeside(launch)
    telegramFailure = started.sdk.then(
      () => null,
      (err: unknown) => err ?? new Error('init failed'),
    )
    // A start_param opening another page, or the user's language instead of the server's en.
    if (await started.redrawn) hydrate = false
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
  // Only a failed init() means this is no Telegram client; a silent client is not a failure.
  void telegramFailure?.then((err) => {
    if (!err) return
    console.error('[telegram] init failed', err)
    root.render(<UnsupportedEnvironment />)
  })
}

/**
 * Inside Telegram: the page's own URL back before the router reads it (initData is a
 * credential, and stays in storage), the user's language for URLs without a locale, the start
 * page of a start_param, and the SDK started beside the app. `redrawn`: whether the server's
 * view (the start URL, in en) cannot be hydrated as it is.
 */
function startTelegramBeside(launch: TelegramLaunch | null): {
  sdk: Promise<void>
  redrawn: Promise<boolean>
} {
  const launchHash = launchHashToRestore(location.hash, launch) ?? location.hash
  history.replaceState(
    history.state,
    '',
    location.pathname + location.search + hashWithoutLaunchParams(location.hash),
  )
  const language = languageFromCode(launch?.languageCode, availableLanguages())
  setLanguageWithoutPrefix(language)
  const otherLanguage = language !== DEFAULT_LANGUAGE && !localeOfPath(location.pathname)
  const sdk = import('./telegram/init-telegram').then((m) => m.startTelegram(launchHash))
  // t.me/<bot>/<app>?startapp=<payload>: the first page is the payload's route.
  const redrawn = launch?.startParam
    ? import('./telegram/start-path').then(({ startPathOf }) => {
        const startPath = startPathOf(launch, location.pathname)
        if (!startPath || startPath === location.pathname) return otherLanguage
        history.replaceState(history.state, '', startPath + location.search + location.hash)
        return true
      })
    : Promise.resolve(otherLanguage)
  return { sdk, redrawn }
}

function UnsupportedEnvironment() {
  return (
    <main role="alert" className="mx-auto max-w-[600px] px-4 py-16 text-[var(--earn-text)]">
      <h1 className="m-0 text-xl font-700">{i18n.t('app.unsupported')}</h1>
      <p className="text-[var(--earn-hint)]">{i18n.t('app.unsupportedHint')}</p>
    </main>
  )
}
