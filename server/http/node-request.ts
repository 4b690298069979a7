import { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import { parse } from 'hono/utils/cookie'

// What every API request's middleware reads (its headers, its cookie), read from Node's own
// request on the Node server. Asking hono (`c.req.header()`, `getCookie`) makes
// @hono/node-server build undici Headers from Node's and look each name up there: on a cached
// cards read that, with the body (request-body.ts), was a large part of a request's CPU
// (docs/performance.md, Runs W and X). Under app.request() there is no Node request, and
// hono's readers answer.

/**
 * Node's request behind a Hono context on the Node server; undefined under app.request() (whose
 * env, if any, is a test's stand-in: an address to come from, no request).
 */
export function nodeRequestOf(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming
  return incoming instanceof IncomingMessage ? incoming : undefined
}

/**
 * A request header by its lower-case name. Repeated, Node keeps the first of a header that may
 * appear once (Host, Content-Type …), joins cookies with "; " and others with ", ".
 */
export function requestHeader(c: Context, name: Lowercase<string>): string | undefined {
  const incoming = nodeRequestOf(c)
  if (!incoming) return c.req.header(name)
  const value = incoming.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

/** A cookie's value by its name, as hono's getCookie reads it. */
export function requestCookie(c: Context, name: string): string | undefined {
  const header = requestHeader(c, 'cookie')
  return header ? parse(header, name)[name] : undefined
}
