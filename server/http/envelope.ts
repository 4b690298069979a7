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
  extCode = '',
): Envelope<T> {
  return {
    ret_code: code,
    ret_msg: msg,
    result,
    ext_code: extCode,
    time_now: String(clock.now().getTime() / 1000),
  }
}

export function errorResponse(c: Context, err: ApiError, clock: Clock): Response {
  for (const [k, v] of Object.entries(err.headers)) c.header(k, v)
  return c.json(
    envelope({}, clock, err.code, err.message, err.extCode),
    err.httpStatus as ContentfulStatusCode,
  )
}

/**
 * Reads the JSON body and validates it; any problem is `invalidCode` (InvalidRequest unless the
 * call has its own, like bill export's) with a readable message naming the field.
 */
export async function readJson<S extends z.ZodType>(
  c: Context,
  schema: S,
  invalidCode: number = RetCode.InvalidRequest,
): Promise<z.infer<S>> {
  return parseJsonBody(await c.req.text(), schema, invalidCode)
}

/** readJson on a body already read as text. */
export function parseJsonBody<S extends z.ZodType>(
  text: string,
  schema: S,
  invalidCode: number = RetCode.InvalidRequest,
): z.infer<S> {
  let body: unknown = {}
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text)
    } catch {
      throw new ApiError(invalidCode, 'request body is not valid JSON')
    }
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) {
    const first = parsed.error.issues[0]
    const where = first && first.path.length ? `${first.path.join('.')}: ` : ''
    throw new ApiError(invalidCode, `${where}${first?.message ?? 'invalid request'}`)
  }
  return parsed.data
}
