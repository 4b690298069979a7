import { ofetch } from 'ofetch'
import { platformStore } from '../platform/platform-store'
import { i18n } from '../i18n/i18n'
import { readEnvelope } from './envelope'

export const API_PREFIX = '/x-api'
export const EARN_BASE = `${API_PREFIX}/s1/byfi`
export const EARN_TIMEOUT_MS = 5000

const earnFetch = ofetch.create({
  method: 'POST',
  timeout: EARN_TIMEOUT_MS,
  credentials: 'include',
  // Business errors travel as HTTP 200; protocol errors carry the envelope too, so read it.
  ignoreResponseError: true,
})

/** POSTs an earn call (spec §7) and returns its `result`. */
export async function earnCall<T>(call: string, body: object = {}): Promise<T> {
  const url = `${EARN_BASE}/${call}`
  const platform = platformStore.platform
  const res = await earnFetch<unknown>(url, {
    body,
    headers: {
      Lang: i18n.language,
      Platform: platform === 'pc' || platform === 'pc_tg' ? 'pc' : 'h5',
      'X-User-Agent': `earn-web/${platform}`,
    },
  })
  return readEnvelope<T>(res, url)
}
