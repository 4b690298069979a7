import {
  backButton,
  init,
  miniApp,
  swipeBehavior,
  themeParams,
  viewport,
} from '@telegram-apps/sdk-react'

/** SDK init, then mount what this client supports and bind its CSS variables. */
export async function initTelegram(): Promise<void> {
  init()
  backButton.mount.ifAvailable()
  swipeBehavior.mount.ifAvailable()
  if (miniApp.mountSync.isAvailable()) {
    themeParams.mountSync()
    miniApp.mountSync()
    themeParams.bindCssVars()
  }
  if (viewport.mount.isAvailable()) {
    await viewport.mount()
    viewport.bindCssVars()
    viewport.expand.ifAvailable()
  }
  miniApp.ready.ifAvailable()
}
