import { availableLanguages, setLanguageWithoutPrefix } from '../../lib/i18n/i18n'
import { DEFAULT_LANGUAGE, languageFromCode, localeOfPath } from '../../lib/locale/locale'
import { appLive } from '../../lib/platform/app-live'
import {
  hashWithoutLaunchParams,
  launchHashToRestore,
  type TelegramLaunch,
} from '../../lib/platform/telegram-launch'
import { startPathOf } from './start-path'

/**
 * Inside Telegram: the page's own URL back before the router reads it (initData is a
 * credential, and stays in storage), the user's language for URLs without a locale, the start
 * page of a start_param, and the SDK started beside the app. `redrawn`: whether the server's
 * view (the start URL, in en) cannot be hydrated as it is.
 */
export function startTelegramBeside(launch: TelegramLaunch | null): {
  sdk: Promise<void>
  redrawn: boolean
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
  // Once the page is live: the SDK's start does not compete with hydration for the CPU (the
  // launch theme is painted already, the layout has the window's size meanwhile).
  const sdk = appLive()
    .then(() => import('./init-telegram'))
    .then((m) => m.startTelegram(launchHash))
  // The preferences live in Telegram's cloud storage, readable once the SDK has started.
  void sdk
    .then(() => import('../../lib/preferences/preferences'))
    .then((m) => m.loadPreferences())
    .catch(() => undefined)
  // t.me/<bot>/<app>?startapp=<payload>: the first page is the payload's route.
  const startPath = startPathOf(launch, location.pathname)
  if (!startPath || startPath === location.pathname) return { sdk, redrawn: otherLanguage }
  history.replaceState(history.state, '', startPath + location.search + location.hash)
  return { sdk, redrawn: true }
}
