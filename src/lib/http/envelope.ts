import type { Envelope } from '../../../contract/envelope'
import { COMPLIANCE_WALL_CODE, openComplianceWall } from './compliance-wall'
import { LOGIN_EXPIRED_CODES, redirectToLogin } from './login-redirect'
import { GatewayError, RequestError } from './request-error'

type AnyEnvelope = Partial<Envelope<unknown>> & { retCode?: number; retMsg?: string }

/** result.status_code meaning the gateway passed the call through (spec §8). */
export const GATEWAY_OK = 200
export const NON_RESPONSE = 'Non Response!'

export type EnvelopeOptions = {
  /** The profile call reports an expired login as an error instead of redirecting. */
  profileCall?: boolean
  /** The generic client raises an expired login with an empty payload (spec §8). */
  emptyLoginExpiredResponse?: boolean
}

/**
 * The one envelope reader of spec §8 for every client: ret_code (or retCode) 0 yields
 * `result` once its status_code (if any) is 200; 10024 opens the compliance wall; an expired
 * login sends the user to log in; any other code is a RequestError.
 */
export function readEnvelope<T>(body: unknown, url: string, options: EnvelopeOptions = {}): T {
  if (body === null || typeof body !== 'object') {
    throw new RequestError(NON_RESPONSE, -1, url, body)
  }
  const env = body as AnyEnvelope
  const code = env.ret_code ?? env.retCode
  const message = env.ret_msg ?? env.retMsg ?? 'request failed'
  if (code === 0) {
    const status = (env.result as { status_code?: unknown } | null | undefined)?.status_code
    if (status === undefined || status === GATEWAY_OK) return env.result as T
    if (status === COMPLIANCE_WALL_CODE) openComplianceWall({ url, response: body })
    throw new GatewayError(Number(status), url, body)
  }
  if (code === COMPLIANCE_WALL_CODE) openComplianceWall({ url, response: body })
  if (code !== undefined && LOGIN_EXPIRED_CODES.includes(code) && !options.profileCall) {
    void redirectToLogin()
    throw new RequestError(message, code, url, options.emptyLoginExpiredResponse ? {} : body)
  }
  throw new RequestError(message, code ?? -1, url, body)
}
