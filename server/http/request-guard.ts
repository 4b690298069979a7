import type { MiddlewareHandler } from 'hono'
import { ApiError, RetCode } from './errors'
import { requestHeader } from './node-request'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * CSRF guard for state-changing calls: only application/json (an HTML form cannot send it
 * without a CORS preflight) and never a browser-declared cross-site request.
 */
export function requestGuard(): MiddlewareHandler {
  return async (c, next) => {
    if (STATE_CHANGING.has(c.req.method)) {
      if (requestHeader(c, 'sec-fetch-site') === 'cross-site') {
        throw new ApiError(RetCode.CrossSiteRefused, undefined, 403)
      }
      const type = requestHeader(c, 'content-type')?.split(';')[0]?.trim().toLowerCase()
      if (type !== 'application/json') {
        throw new ApiError(RetCode.UnsupportedMediaType, undefined, 415)
      }
    }
    await next()
  }
}
