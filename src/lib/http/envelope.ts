import type { Envelope } from '../../../contract/envelope'
import { RequestError } from './request-error'

type AnyEnvelope = Partial<Envelope<unknown>> & { retCode?: number; retMsg?: string }

/** Reads the spec §8 envelope: ret_code (or retCode) 0 is success and yields `result`. */
export function readEnvelope<T>(body: unknown, url: string): T {
  if (body === null || typeof body !== 'object') {
    throw new RequestError('Non Response!', -1, url, body)
  }
  const env = body as AnyEnvelope
  const code = env.ret_code ?? env.retCode
  if (code === 0) return env.result as T
  throw new RequestError(env.ret_msg ?? env.retMsg ?? 'request failed', code ?? -1, url, body)
}
