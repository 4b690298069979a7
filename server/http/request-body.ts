import type { IncomingMessage } from 'node:http'
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { ApiError, RetCode } from './errors'
import { nodeRequestOf } from './node-request'

// Request bodies under the API prefix: at most MAX_BODY_BYTES, read once, as text.
//
// On the Node server they are read from Node's own request (`c.env.incoming`). Asking hono for
// the body (its bodyLimit middleware, `c.req.text()`) makes @hono/node-server build a Web
// Request around Node's: undici's Request, a web stream over Node's, an AbortController. On a
// small cached read that was about a quarter of a server's CPU (docs/performance.md, Run W). Where
// there is no Node request (the app called in process, `app.request()`), hono's own middleware
// and reader do the same job.

export const MAX_BODY_BYTES = 64 * 1024

/**
 * The body limit. On the Node server a declared Content-Length over it is refused (`refuse`)
 * before anything is read, and requestText stops at the limit with the same 413 (a chunked body
 * declares no length). Elsewhere hono's bodyLimit.
 */
export function limitBody(maxBytes: number, refuse: (c: Context) => Response): MiddlewareHandler {
  const webLimit = bodyLimit({ maxSize: maxBytes, onError: refuse })
  return async (c, next) => {
    const incoming = nodeRequestOf(c)
    if (!incoming) return webLimit(c, next)
    limits.set(incoming, maxBytes)
    // Node's parser has already refused a malformed length (400), and delivers no more bytes
    // than a request declares.
    const declared = incoming.headers['content-length']
    if (declared !== undefined && !incoming.headers['transfer-encoding'])
      if (Number(declared) > maxBytes) return refuse(c)
    await next()
  }
}

const limits = new WeakMap<IncomingMessage, number>()
/** Decodes as fetch's text() does (a leading BOM dropped); one for all requests. */
const utf8 = new TextDecoder()
const texts = new WeakMap<IncomingMessage, Promise<string>>()

/**
 * The request's body as text (UTF-8, a leading BOM dropped, as fetch's `text()`), read once:
 * a second call gets the same text.
 */
export function requestText(c: Context): Promise<string> {
  const incoming = nodeRequestOf(c)
  if (!incoming) return c.req.text()
  let text = texts.get(incoming)
  if (!text) {
    text = readText(incoming, limits.get(incoming) ?? MAX_BODY_BYTES)
    texts.set(incoming, text)
  }
  return text
}

/**
 * Reads Node's request to its end, or refuses it at `maxBytes`. A refused body is left unread,
 * not destroyed: the 413 still goes out, and the answer closes the connection (an answer sent
 * before its body was read does, security-headers.ts).
 */
function readText(incoming: IncomingMessage, maxBytes: number): Promise<string> {
  if (incoming.readableEnded) return Promise.resolve('')
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const done = () => {
      incoming.off('data', onData)
      incoming.off('end', onEnd)
      incoming.off('error', onError)
      incoming.off('close', onClose)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) {
        done()
        incoming.pause()
        reject(new ApiError(RetCode.PayloadTooLarge, undefined, 413))
        return
      }
      chunks.push(chunk)
    }
    const onEnd = () => {
      done()
      resolve(utf8.decode(Buffer.concat(chunks, size)))
    }
    const onError = (err: Error) => {
      done()
      reject(err)
    }
    // The client went away before the end: nothing more will come.
    const onClose = () => {
      done()
      reject(new ApiError(RetCode.InvalidRequest, 'the request body was cut short', 400))
    }
    incoming.on('data', onData)
    incoming.once('end', onEnd)
    incoming.once('error', onError)
    incoming.once('close', onClose)
  })
}

/** The request announced a body that nobody read (its answer then closes the connection). */
export function bodyLeftUnread(c: Context): boolean {
  const incoming = nodeRequestOf(c)
  if (incoming) {
    const declared =
      Number(incoming.headers['content-length'] ?? 0) > 0 || !!incoming.headers['transfer-encoding']
    return declared && !incoming.readableEnded
  }
  const req = c.req.raw
  const declared =
    Number(req.headers.get('content-length') ?? 0) > 0 || req.headers.has('transfer-encoding')
  return declared && !req.bodyUsed
}
