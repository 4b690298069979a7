import { GRAY_RELEASE_COOKIE_MAX_AGE_SECONDS } from '../../../contract/cookie-names'
import { readCookie, writeCookie } from '../cookies/cookies'
import { grayReleaseCookieName } from '../env/env-cookies'

/** A feature granted to a user is kept on for 7 days in a cookie (spec §5, §9). */
export function hasStoredGrant(scene: string, userId: number, host = location.host): boolean {
  const ids = (readCookie(grayReleaseCookieName(host, scene)) ?? '').split(',')
  return userId > 0 && ids.includes(String(userId))
}

export function storeGrant(scene: string, userId: number, host = location.host): void {
  if (userId <= 0 || hasStoredGrant(scene, userId, host)) return
  const name = grayReleaseCookieName(host, scene)
  const ids = (readCookie(name) ?? '').split(',').filter(Boolean)
  writeCookie(name, [...ids, String(userId)].join(','), GRAY_RELEASE_COOKIE_MAX_AGE_SECONDS)
}
