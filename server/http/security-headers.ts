import type { Context, MiddlewareHandler } from 'hono'
import type { AppConfig } from '../config'
import { inlineScriptHashes } from '../modules/client-shell/inline-scripts'
import { isHttps } from './auth'
import { requestHeader } from './node-request'
import { bodyLeftUnread } from './request-body'

/**
 * Where the mini-app may be framed: our own pages and Telegram's web clients
 * (web.telegram.org/k and /a frame the mini-app; the native clients use a webview, no frame).
 */
export const FRAME_ANCESTORS = ["'self'", 'https://web.telegram.org', 'https://*.telegram.org']

/** Where Telegram serves the photo_url of a user's initData (https only, checked at login). */
export const TELEGRAM_PHOTO_ORIGINS = ['https://t.me', 'https://*.telegram.org']

/** One year, as the HSTS preload list asks. */
const HSTS = 'max-age=31536000; includeSubDomains'

/**
 * The Content-Security-Policy of every response. Scripts: our own files and the shell's inline
 * scripts by hash (the inlined first data is type="application/json", not executed). Styles
 * allow inline: the server-rendered first view carries style attributes, and CSS cannot run
 * code. connect-src names the socket origins for browsers whose 'self' does not cover ws(s).
 */
export function contentSecurityPolicy(scriptHashes: string[], socketOrigins: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    // Telegram users' photos (initData photo_url) are served by Telegram.
    `img-src 'self' data: blob: ${TELEGRAM_PHOTO_ORIGINS.join(' ')}`,
    "font-src 'self' data:",
    `connect-src 'self' ${socketOrigins.join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${FRAME_ANCESTORS.join(' ')}`,
  ].join('; ')
}

/**
 * ws:// and wss:// of an http(s) origin, and of its site's other hosts: the earn socket lives on
 * the environment's ws2 host (ws2.<domain>, ws2.testnet.<domain>, ws2-<name>.<domain>: spec §7,
 * src/lib/env/hosts.ts), which `*.<domain>` covers. Local hosts (IPs, localhost) have only their own.
 */
const socketOriginsOf = (origin: string) => {
  const { host, hostname } = new URL(origin)
  const own = [`ws://${host}`, `wss://${host}`]
  const labels = hostname.split('.')
  if (labels.length < 3 || /^[\d.]+$|^\[/.test(hostname)) return own
  const site = `*.${labels.slice(1).join('.')}`
  return [...own, `ws://${site}`, `wss://${site}`]
}

/**
 * Security headers on every response (pages, API answers, errors), and `Connection: close` on
 * an answer sent before the request body was read (413, 415, 401 …): the unread bytes would
 * otherwise poison the keep-alive connection for the client's next request.
 */
export function securityHeaders(config: Pick<AppConfig, 'PUBLIC_ORIGIN'>): MiddlewareHandler {
  // The hashes come from the shell's list of inline scripts, computed once at start-up.
  const hashes = inlineScriptHashes()
  const fixedPolicy = config.PUBLIC_ORIGIN
    ? contentSecurityPolicy(hashes, socketOriginsOf(config.PUBLIC_ORIGIN))
    : undefined
  return async (c, next) => {
    await next()
    // A WebSocket upgrade answer is not an HTTP response with headers of its own.
    if (c.res.status === 101) return
    // Without PUBLIC_ORIGIN the page is served same-origin at whatever host the browser used.
    const host = fixedPolicy ? undefined : requestHeader(c, 'host')
    set(
      c,
      'Content-Security-Policy',
      fixedPolicy ??
        contentSecurityPolicy(
          hashes,
          host && /^[\w.:[\]-]+$/.test(host) ? socketOriginsOf(`http://${host}`) : [],
        ),
    )
    set(c, 'X-Content-Type-Options', 'nosniff')
    set(c, 'Referrer-Policy', 'strict-origin-when-cross-origin')
    if (isHttps(c)) set(c, 'Strict-Transport-Security', HSTS)
    if (c.res.status === 413 || bodyLeftUnread(c)) set(c, 'Connection', 'close')
  }
}

/** One header on the answer (a function of its own: no closure made per request). */
function set(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value)
  } catch {
    // Immutable headers (a fetched Response passed through): replace the response.
    c.res = new Response(c.res.body, c.res)
    c.res.headers.set(name, value)
  }
}
