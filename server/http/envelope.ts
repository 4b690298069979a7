import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { z } from 'zod'
import type { Envelope } from '../../contract/envelope'
import type { Clock } from '../clock'
import { ApiError, RetCode, defaultMessage } from './errors'
import { requestText } from './request-body'

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

// Answers many requests share (the product cards every visitor sees, issue 28) keep the JSON
// text of their result, made once: serialising the same cards for every request was the largest
// part of a cached cards answer's CPU. Such a result must not change once marked (it is shared).
const resultText = new WeakMap<object, string>()

/** Marks a shared, unchanging result: its JSON text is made now, once, for every answer. */
export function serialiseOnce<T extends object>(result: T): T {
  resultText.set(result, JSON.stringify(result))
  return result
}

/** The envelope's JSON text: JSON.stringify(envelope(result, clock)), a marked result's text reused. */
export function envelopeText(result: unknown, clock: Clock): string {
  const text = typeof result === 'object' && result !== null ? resultText.get(result) : undefined
  if (text === undefined) return JSON.stringify(envelope(result, clock))
  // The envelope's own fields, in its order: only `result` is the text made before.
  const fields = Object.entries(envelope(null, clock)).map(
    ([key, value]) => `${JSON.stringify(key)}:${key === 'result' ? text : JSON.stringify(value)}`,
  )
  return `{${fields.join(',')}}`
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
  return parseJsonBody(await requestText(c), schema, invalidCode)
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
  const unstorable = unstorableStringAt(body)
  if (unstorable) {
    const where = unstorable.length ? `${unstorable.join('.')}: ` : ''
    throw new ApiError(invalidCode, `${where}must not contain NUL or unpaired surrogate characters`)
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) {
    const first = parsed.error.issues[0]
    const where = first && first.path.length ? `${first.path.join('.')}: ` : ''
    throw new ApiError(invalidCode, `${where}${first?.message ?? 'invalid request'}`)
  }
  return parsed.data
}

/**
 * The path of the first string in a parsed body (a value or a key, at any depth) that no
 * column can hold: NUL, which PostgreSQL's text and jsonb refuse (the query failed with a 500),
 * or a lone surrogate, which is no character (UTF-8 has no encoding for it). Null when none.
 */
export function unstorableStringAt(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | null {
  if (typeof value === 'string') return storable(value) ? null : path
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableStringAt(value[i], [...path, i])
      if (found) return found
    }
    return null
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (!storable(key)) return [...path, JSON.stringify(key).slice(1, -1)]
      const found = unstorableStringAt(v, [...path, key])
      if (found) return found
    }
  }
  return null
}

/** No NUL, and every surrogate in a pair (String.prototype.isWellFormed, without ES2024 lib). */
function storable(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i)
    if (code === 0) return false
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = s.charCodeAt(i + 1)
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false
      i++
    } else if (code >= 0xdc00 && code <= 0xdfff) return false
  }
  return true
}
