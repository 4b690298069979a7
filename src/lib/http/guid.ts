import { GUID_COOKIE_MAX_AGE_SECONDS } from '../../../contract/cookie-names'
import { readCookie, writeCookie } from '../cookies/cookies'
import { guidCookieName } from '../env/env-cookies'

/** The guid is a random 36-character id (spec §9). */
export const GUID_LENGTH = 36

/** The visitor's guid from its cookie, created (and kept 120 days) on first use. */
export function visitorGuid(host: string = location.host): string {
  const name = guidCookieName(host)
  const existing = readCookie(name)
  if (existing && existing.length === GUID_LENGTH) return existing
  const guid = crypto.randomUUID()
  writeCookie(name, guid, GUID_COOKIE_MAX_AGE_SECONDS)
  return guid
}
