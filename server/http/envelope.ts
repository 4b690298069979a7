import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { z } from 'zod'
import type { Envelope } from '../../contract/envelope'
import type { Clock } from '../clock'
import { ApiError, RetCode, defaultMessage } from './errors'

export function envelope<T>(
  result: T,
  clock: Clock,
  code = 0,
  msg = defaultMessage(code),
): Envelope<T> {
  return {
    ret_code: code,
    ret_msg: msg,
    result,
    ext_code: '',
    time_now: String(clock.now().getTime() / 1000),
  }
}

export function errorResponse(c: Context, err: ApiError, clock: Clock): Response {
  for (const [k, v] of Object.entries(err.headers)) c.header(k, v)
  return c.json(envelope({}, clock, err.code, err.message), err.httpStatus as ContentfulStatusCode)
}

/** Reads the JSON body and validates it; any problem is an InvalidRequest with a readable message. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown = {}
  const text = await c.req.text()
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text)
    } catch {
      throw new ApiError(RetCode.InvalidRequest, 'request body is not valid JSON')
    }
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) {
    const first = parsed.error.issues[0]
    const where = first && first.path.length ? `${first.path.join('.')}: ` : ''
    throw new ApiError(RetCode.InvalidRequest, `${where}${first?.message ?? 'invalid request'}`)
  }
  return parsed.data
}
