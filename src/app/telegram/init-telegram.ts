import {
  backButton,
  init,
  miniApp,
  swipeBehavior,
  themeParams,
  viewport,
} from '@telegram-apps/sdk-react'
import type { TelegramLaunch } from '../../lib/platform/telegram-launch'
import { startPathFor } from '../../lib/telegram/start-param'
import { tmaConfig } from '../../lib/telegram/tma-config'
import { delegateSelectionAndLinks, watchOpenDialogs } from './page-behaviour'

/** SDK init, then mount what this client supports and bind its CSS variables. */
export async function initTelegram(): Promise<void> {
  init()
  backButton.mount.ifAvailable()
  swipeBehavior.mount.ifAvailable()
  if (miniApp.mountSync.isAvailable()) {
    themeParams.mountSync()
    miniApp.mountSync()
    // Live: theme_changed updates the palette, and the bound variables repaint the page.
    themeParams.bindCssVars()
    followColorScheme()
    // Header and background from tma.config.json (a theme key follows the theme).
    miniApp.setHeaderColor.ifAvailable(tmaConfig.headerColor)
    miniApp.setBackgroundColor.ifAvailable(tmaConfig.backgroundColor)
  }
  if (viewport.mount.isAvailable()) {
    await viewport.mount()
    viewport.bindCssVars()
    viewport.expand.ifAvailable()
  }
  // For the app's whole life: swipe-to-close off while a sheet is open; haptics and links.
  watchOpenDialogs()
  delegateSelectionAndLinks()
  miniApp.ready.ifAvailable()
}

/** Light or dark as Telegram's palette is: native controls and the fixed tokens follow. */
function followColorScheme() {
  const apply = (dark: boolean) => {
    document.documentElement.dataset.theme = dark ? 'dark' : 'light'
  }
  apply(themeParams.isDark())
  themeParams.isDark.sub(apply)
}

const START_CONSUMED_KEY = 'earn/telegram-start-param'

/**
 * The path a start_param opens (t.me/<bot>/<app>?startapp=<payload>), once per launch: a reload
 * or a later page of the same launch stays where it is. Null when nothing should change.
 */
export function startPathOf(
  launch: TelegramLaunch | null,
  pathname: string,
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
): string | null {
  if (!launch?.initDataRaw || storage.getItem(START_CONSUMED_KEY) === launch.initDataRaw)
    return null
  storage.setItem(START_CONSUMED_KEY, launch.initDataRaw)
  if (!launch.startParam) return null
  const { routes, homeRoute } = tmaConfig.startParam
  // The mini-app URL's locale prefix (/ar-SA/earn/home) is kept.
  const prefix = /^(\/[^/]+)\/earn(\/|$)/.exec(pathname)?.[1] ?? ''
  return prefix + startPathFor(launch.startParam, routes, homeRoute)
}
