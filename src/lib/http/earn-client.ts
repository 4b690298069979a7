import { ofetch } from 'ofetch'
import { i18n } from '../i18n/i18n'
import { earnPlatformHeader, platformStore, xUserAgent } from '../platform/platform-store'
import { apiBase } from './api-origin'
import { readEnvelope } from './envelope'

/** Earn calls live under /x-api/s1/byfi (spec §7). */
export const EARN_PATH = '/s1/byfi'
export const EARN_TIMEOUT_MS = 5000

const earnFetch = ofetch.create({
  method: 'POST',
  timeout: EARN_TIMEOUT_MS,
  credentials: 'include',
  retry: 0,
  // Business errors travel as HTTP 200; protocol errors carry the envelope too, so read it.
  ignoreResponseError: true,
})

/** POSTs an earn call (spec §7) as JSON and returns its `result`. */
export async function earnCall<T>(call: string, body: object = {}): Promise<T> {
  const url = `${apiBase()}${EARN_PATH}/${call}`
  const res = await earnFetch<unknown>(url, {
    body,
    headers: {
      Lang: i18n.language,
      usertoken: platformStore.userToken,
      Platform: earnPlatformHeader(),
      'X-User-Agent': xUserAgent(),
    },
  })
  return readEnvelope<T>(res, url)
}
