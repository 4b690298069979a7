import { RetCode } from '../../../contract/ret-codes'
import { ANONYMOUS_UID, setAnalyticsUserId } from '../analytics/analytics-user'
import { sessionStore } from '../session/session-store'
import { i18n } from '../i18n/i18n'
import { platformStore } from '../platform/platform-store'

/** Login expired (spec §8): 10007, and its variant 100007. */
export const LOGIN_EXPIRED_CODES: readonly number[] = [
  RetCode.LoginExpired,
  RetCode.LoginExpiredAlt,
]

/** /{lang}/login?redirect_url=<current page> (spec §2). */
export const loginUrl = (lang: string, currentPage: string) =>
  `/${lang}/login?redirect_url=${encodeURIComponent(currentPage)}`

/** What happens on an expired login; replaceable by the app shell (and by tests). */
export const loginRedirect = {
  /** In the app webview the app owns the login: re-fetch the profile, then reload. */
  refetchProfile: async (): Promise<unknown> => undefined,
  /**
   * From app 3.6.1 the profile to re-fetch is the app's, through the bridge (its user and
   * token, set by the app webview): the server's would answer the expired token 10007 again.
   */
  refetchAppProfile: null as null | (() => Promise<unknown>),
  navigate: (url: string) => location.assign(url),
  reload: () => location.reload(),
  /**
   * The app path once taken: the calls of a screen that expire together (and any answering
   * while the page reloads) ask the app once and reload once.
   */
  appPath: null as null | Promise<void>,
  /** Inside Telegram: logs in again with the launch's initData (set by the Telegram login). */
  relogin: null as null | (() => Promise<void>),
}

async function refetchAndReload(): Promise<void> {
  try {
    await (loginRedirect.refetchAppProfile ?? loginRedirect.refetchProfile)()
  } finally {
    loginRedirect.reload()
  }
}

/**
 * Sends the user to log in, or in the app webview re-fetches the profile and reloads. Outside
 * Telegram (whose relogin is immediate) the session is over first: analytics says is_login
 * false and the stored GA uid is 0 until a profile (the app's re-fetch, the next login) sets the
 * user again.
 */
export async function redirectToLogin(): Promise<void> {
  if (platformStore.telegram && loginRedirect.relogin) return loginRedirect.relogin()
  sessionStore.userId = ANONYMOUS_UID
  setAnalyticsUserId(ANONYMOUS_UID)
  if (platformStore.inApp) return (loginRedirect.appPath ??= refetchAndReload())
  loginRedirect.navigate(loginUrl(i18n.language, location.href))
}
