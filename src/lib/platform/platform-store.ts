import { proxy } from 'valtio'
import type { Platform } from './platform'

/** Client environment facts, set once at start. */
export const platformStore = proxy<{
  platform: Platform
  telegram: boolean
  /**
   * The platform the server drew its first view for: it sees the user agent, not Telegram's
   * hash. Hydrating renders draw for it (useDrawnPlatform), so they match the markup.
   */
  serverDrawn: Platform
  /** Inside the exchange's own app webview (the app bridge is present). */
  inApp: boolean
  /**
   * The session token sent as UserToken / usertoken (spec §6): the app webview's, or inside
   * Telegram the Telegram login's (docs/security.md, "Sessions inside Telegram").
   */
  userToken: string
  /** The exchange app's version (from its user agent), '' outside the app. */
  appVersion: string
  /** The app's bridge is in use (app 3.6.1 or later); older apps get web navigation. */
  appBridge: boolean
}>({
  platform: 'pc',
  telegram: false,
  serverDrawn: 'pc',
  inApp: false,
  userToken: '',
  appVersion: '',
  appBridge: false,
})

/** The Platform header of earn calls: pc for desktop (and Telegram desktop), h5 otherwise. */
export const earnPlatformHeader = (): 'pc' | 'h5' =>
  platformStore.platform === 'pc' || platformStore.platform === 'pc_tg' ? 'pc' : 'h5'

/** The Platform header of the profile client: app in the webview, else h5 or pc (spec §7). */
export const profilePlatformHeader = (): 'app' | 'pc' | 'h5' =>
  platformStore.inApp ? 'app' : earnPlatformHeader()

/** X-User-Agent names the client and its platform label. */
export const xUserAgent = () => `earn-web/${platformStore.platform}`
