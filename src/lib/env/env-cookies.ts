import {
  GRAY_RELEASE_COOKIE_BASE,
  GUID_COOKIE_BASE,
  cookieName,
} from '../../../contract/cookie-names'

/** Cookie names carry the environment suffix when the host is not www or m (spec §9). The auth
 * cookie is the server's (HttpOnly): contract/cookie-names.ts names it for both halves. */
export const guidCookieName = (host: string) => cookieName(GUID_COOKIE_BASE, host)
export const grayReleaseCookieName = (host: string, scene: string) =>
  cookieName(`${GRAY_RELEASE_COOKIE_BASE}_${scene}`, host)
