import {
  AUTH_COOKIE_BASE,
  GRAY_RELEASE_COOKIE_BASE,
  GUID_COOKIE_BASE,
  cookieEnvironment,
  cookieName,
} from '../../../contract/cookie-names'

/** Auth cookie environments (spec §9): mainnet, testnet, pipeline (named), local. */
export const authCookieEnvironment = (host: string) => cookieEnvironment(host).kind

/** b_t_c_k plus the environment suffix when the host is not www or m (spec §9). */
export const authCookieName = (host: string) => cookieName(AUTH_COOKIE_BASE, host)
export const guidCookieName = (host: string) => cookieName(GUID_COOKIE_BASE, host)
export const grayReleaseCookieName = (host: string, scene: string) =>
  cookieName(`${GRAY_RELEASE_COOKIE_BASE}_${scene}`, host)
