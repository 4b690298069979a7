import { GUID_COOKIE_MAX_AGE_SECONDS } from '../../../contract/cookie-names'
import { readCookie, writeCookie } from '../cookies/cookies'
import { guidCookieName } from '../env/env-cookies'

/** The guid is a random 36-character id (spec §9). */
export const GUID_LENGTH = 36

/** This page's guid when the browser keeps no cookie (a cross-site frame refuses them). */
let pageGuid: string | undefined
/**
 * The guid this page has sent, per host: read from the cookie once. Every API call sends it,
 * and document.cookie is a round trip to the browser's cookie store each time (about 50 ms of
 * a product page's load on a phone's CPU, over its dozen first calls).
 */
const sent = new Map<string, string>()

/** The visitor's guid from its cookie, created (and kept 120 days) on first use. */
export function visitorGuid(host: string = location.host): string {
  const known = sent.get(host)
  if (known) return known
  const name = guidCookieName(host)
  const existing = readCookie(name)
  if (existing && existing.length === GUID_LENGTH) {
    sent.set(host, existing)
    return existing
  }
  pageGuid ??= randomUuid()
  writeCookie(name, pageGuid, GUID_COOKIE_MAX_AGE_SECONDS)
  sent.set(host, pageGuid)
  return pageGuid
}

/**
 * A version-4 UUID. crypto.randomUUID exists only in secure contexts (https, localhost); a site
 * name served over plain http (a test environment) still has getRandomValues.
 */
export const randomUuid = (): string =>
  crypto.randomUUID?.() ??
  '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
    (+c ^ (crypto.getRandomValues(new Uint8Array(1))[0]! & (15 >> (+c / 4)))).toString(16),
  )
