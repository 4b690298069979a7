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
  const guid = randomUuid()
  writeCookie(name, guid, GUID_COOKIE_MAX_AGE_SECONDS)
  return guid
}

/**
 * A version-4 UUID. crypto.randomUUID exists only in secure contexts (https, localhost); a site
 * name served over plain http (a test environment) still has getRandomValues.
 */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
