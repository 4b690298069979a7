import { platformStore } from '../platform/platform-store'
import { apiBase } from './api-origin'
import { readEnvelope } from './envelope'
import { visitorGuid } from './guid'
import { lazyFetch } from './lazy-fetch'

/** Generic HTTP timeout (spec §9). */
export const API_TIMEOUT_MS = 30_000

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
export type ApiParams = Record<string, unknown>

const apiFetch = lazyFetch({
  timeout: API_TIMEOUT_MS,
  credentials: 'include',
  retry: 0,
  ignoreResponseError: true,
})

/** Substitutes :name path parameters; returns the path and the params it did not use. */
export function fillPath(path: string, params: ApiParams = {}): { path: string; rest: ApiParams } {
  const rest = { ...params }
  const filled = path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    if (!(name in rest)) throw new Error(`missing path parameter :${name} for ${path}`)
    const value = encodeURIComponent(String(rest[name]))
    delete rest[name]
    return value
  })
  return { path: filled, rest }
}

/** The headers every generic call carries (spec §7). */
export function apiHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    guid: visitorGuid(),
    'Content-Type': 'application/json',
  }
  // The app webview's token, or the Telegram login's (a frame sends no session cookie).
  if (platformStore.userToken) headers.UserToken = platformStore.userToken
  return headers
}

/** The generic client: params go in the query on GET/DELETE, in a JSON body otherwise. */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  params: ApiParams = {},
): Promise<T> {
  const { path: filled, rest } = fillPath(path, params)
  const url = `${apiBase()}${filled}`
  const inQuery = method === 'GET' || method === 'DELETE'
  const res = await (
    await apiFetch()
  )<unknown>(url, {
    method,
    headers: apiHeaders(),
    ...(inQuery ? { query: rest } : { body: rest }),
  })
  return readEnvelope<T>(res, url, { emptyLoginExpiredResponse: true })
}
