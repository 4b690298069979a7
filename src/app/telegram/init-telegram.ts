import { backButton, init, miniApp, postEvent, swipeBehavior, themeParams } from '@tma.js/sdk-react'
import { keepBiometryDeviceIn } from '../../lib/telegram/biometry-enrolment'
import { telegramDeviceStore } from '../../lib/telegram/telegram-device-storage'
import { tmaConfig } from '../../lib/telegram/tma-config'
import { delegateSelectionAndLinks, watchOpenDialogs } from './page-behaviour'
import { startViewport } from './telegram-viewport'

/**
 * Starts the SDK beside the app, never before it: nothing here is awaited by the first render,
 * and nothing waits on the client's answers (a client may answer late, some requests never, or
 * nothing at all). Throws only when `init()` itself fails, which is what the unsupported-
 * environment screen is for. The SDK reads the launch parameters from the URL, so the launch
 * hash is lent to it for these synchronous steps and the page's own URL given straight back
 * (the router never sees initData).
 */
export function startTelegram(launchHash: string): void {
  const ownUrl = location.pathname + location.search + location.hash
  history.replaceState(history.state, '', location.pathname + location.search + launchHash)
  try {
    init()
    backButton.mount.ifAvailable()
    swipeBehavior.mount.ifAvailable()
    if (miniApp.mount.isAvailable()) {
      // Restored from the launch parameters: the same palette the shell's launch script painted.
      themeParams.mount()
      miniApp.mount()
      // Live: theme_changed updates the palette, and the bound variables repaint the page.
      themeParams.bindCssVars()
      followColorScheme()
      applyConfigColors()
    }
  } finally {
    history.replaceState(history.state, '', ownUrl)
  }
  // The launch theme is in use already; the client's answer, whenever it comes, repaints.
  try {
    postEvent('web_app_request_theme')
  } catch (err) {
    console.warn('[telegram] theme request', err)
  }
  startViewport()
  keepDeviceFactsOnDevice()
  // For the app's whole life: swipe-to-close off while a sheet is open; haptics and links.
  watchOpenDialogs()
  delegateSelectionAndLinks()
  miniApp.ready.ifAvailable()
}

/**
 * Header and background from tma.config.json (a theme key follows the theme). Cosmetic: a client
 * that cannot take a colour keeps its own, and never sees the unsupported screen for it (the SDK
 * throws for a #rrggbb header before Bot API 6.9, or a theme key its palette lacks).
 */
function applyConfigColors() {
  const { headerColor, backgroundColor } = tmaConfig
  try {
    if (!headerColor.startsWith('#') || miniApp.setHeaderColor.supports('rgb'))
      miniApp.setHeaderColor.ifAvailable(headerColor)
    miniApp.setBgColor.ifAvailable(backgroundColor)
  } catch (err) {
    console.warn('[telegram] header or background colour', err)
  }
}

/**
 * What must outlive a reload on this device (the biometry enrolment) also goes to Telegram's
 * DeviceStorage where the client has one (Bot API 9.0); read without waiting, as the rest.
 */
function keepDeviceFactsOnDevice() {
  const store = telegramDeviceStore()
  if (store)
    keepBiometryDeviceIn(store).catch((err: unknown) =>
      console.warn('[telegram] device storage: localStorage alone keeps the biometry device', err),
    )
}

/** Light or dark as Telegram's palette is: native controls and the fixed tokens follow. */
function followColorScheme() {
  const apply = (dark: boolean) => {
    document.documentElement.dataset.theme = dark ? 'dark' : 'light'
  }
  apply(themeParams.isDark())
  themeParams.isDark.sub(apply)
}
