import { appScreenFor, webPagePath, type AppScreen } from '../deep-links/app-deep-links'
import { loginRedirect, loginUrl } from '../http/login-redirect'
import { i18n } from '../i18n/i18n'
import { openExternal } from '../platform/open-link'
import { platformStore } from '../platform/platform-store'
import { createAppBridge, type AppBridge, type AppConfig } from './app-bridge'
import { supportsAppBridge } from './app-bridge-version'

/** What the app told us at start (null below 3.6.1 or when it did not answer). */
export let appConfig: AppConfig | null = null

/**
 * Inside the exchange app's webview (loaded only there, before the first render). From app
 * 3.6.1 the bridge gives the signed-in user's token (sent as UserToken), the app's config, and
 * takes navigation to other exchange screens (deep-link table, router push). Older apps get web
 * navigation and the web login. Links to other sites open through the app's launcher.
 */
export async function startAppWebview(appVersion: string): Promise<AppBridge | null> {
  platformStore.inApp = true
  platformStore.appVersion = appVersion
  const bridge = supportsAppBridge(appVersion) ? createAppBridge() : null
  platformStore.appBridge = bridge !== null
  document.addEventListener('click', (e) => interceptLink(e, bridge), true)
  if (!bridge) {
    // No bridge to re-read the app's login from: an expired login goes to the web login page.
    loginRedirect.reload = () => loginRedirect.navigate(loginUrl(i18n.language, location.href))
    return null
  }
  const readToken = async () => {
    const profile = await bridge.getUserProfile()
    platformStore.userToken = profile?.token ?? ''
  }
  loginRedirect.refetchAppProfile = readToken
  const [token, config] = await Promise.allSettled([readToken(), bridge.getAppConfig()])
  if (token.status === 'rejected') console.warn('[app-bridge] getUserProfile', token.reason)
  if (config.status === 'fulfilled') appConfig = config.value
  else console.warn('[app-bridge] getAppConfig', config.reason)
  return bridge
}

/**
 * The app screen a same-site link opens inside the webview: every path of spec §2's table, earn
 * pages included (the app has its own earn centre, product lists, staking, wallet records …).
 * Null for unmapped pages and for the page already shown (its own tabs and filters), which stay
 * in the webview.
 */
export function exchangeScreenFor(
  url: URL,
  current: URL = new URL(location.href),
): AppScreen | null {
  if (url.origin === current.origin && webPagePath(url.pathname) === webPagePath(current.pathname))
    return null
  return appScreenFor(url.pathname + url.search)
}

/**
 * One listener for the page, in the capture phase so it runs before the router's links: a page
 * of the deep-link table (earn pages, login, KYC, trade …) goes through router push when the
 * bridge is there (else the web page opens as usual); another site opens through the app's
 * launcher; unmapped pages (product detail, my earn, history …) stay here.
 */
function interceptLink(e: MouseEvent, bridge: AppBridge | null): void {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
  const link = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>('a[href]') : null
  if (!link || link.hasAttribute('download')) return
  const url = new URL(link.href, location.href)
  if (!/^https?:$/.test(url.protocol)) return
  if (url.origin !== location.origin) {
    e.preventDefault()
    void openExternal(url.href)
    return
  }
  const screen = bridge ? exchangeScreenFor(url) : null
  if (!bridge || !screen) return
  e.preventDefault()
  e.stopPropagation()
  bridge.routerPush({ ...screen, url: url.href }).catch(() => location.assign(url.href))
}
