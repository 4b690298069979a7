import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { createServer, type Server } from 'node:https'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Duplex } from 'node:stream'

// Real host names over https on this machine (../shared/TESTING-TELEGRAM.md): a throwaway
// certificate for the names, one TLS proxy on 127.0.0.1:443 (the default port: the CSP's
// `frame-ancestors https://web.telegram.org` allows that origin only on it; tests run as
// root) and Chromium's --host-resolver-rules mapping the names here. Requests for the app's
// names go to the e2e server with X-Forwarded-Proto: https; pages of other names (Telegram
// Web's stand-in) are served by the test.

/** The production layout (spec §4, §7): the page on www., the earn socket on ws2. */
export const SITE = 'earn.test'
export const WWW = `www.${SITE}`
export const WS2 = `ws2.${SITE}`
export const TELEGRAM_WEB = 'web.telegram.org'
export const HTTPS_NAMES = [WWW, WS2, TELEGRAM_WEB]

/** Chromium's flags: the names resolve to this machine; the throwaway certificate is accepted. */
export const HTTPS_CHROMIUM_ARGS = [
  `--host-resolver-rules=${HTTPS_NAMES.map((n) => `MAP ${n} 127.0.0.1`).join(', ')}`,
]

export type PageHandler = (req: IncomingMessage) => { type: string; body: string } | null

export type TlsProxy = { close: () => Promise<void> }

function throwawayCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'earn-tls-'))
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        `/CN=${WWW}`,
        '-addext',
        `subjectAltName=${HTTPS_NAMES.map((n) => `DNS:${n}`).join(',')}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    )
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const isAppHost = (host: string | undefined) =>
  !!host && [WWW, WS2].includes(host.replace(/:\d+$/, ''))

/**
 * Starts the proxy on 127.0.0.1:443 in front of the app on `appPort`; `pages` answers the other
 * names (the Telegram Web stand-in).
 */
export async function startTlsProxy(appPort: number, pages: PageHandler): Promise<TlsProxy> {
  const server: Server = createServer(throwawayCertificate(), (req, res) => {
    if (!isAppHost(req.headers.host)) {
      const page = pages(req)
      res.writeHead(page ? 200 : 404, { 'content-type': page?.type ?? 'text/plain' })
      res.end(page?.body ?? 'not found')
      return
    }
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: appPort,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-proto': 'https' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  // WebSocket upgrades: the request line and headers again, then the two sockets piped.
  server.on('upgrade', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    if (!isAppHost(req.headers.host)) return client.destroy()
    const upstream = connect(appPort, '127.0.0.1', () => {
      const headers = { ...req.headers, 'x-forwarded-proto': 'https' }
      const lines = Object.entries(headers).flatMap(([k, v]) =>
        (Array.isArray(v) ? v : [v]).map((value) => `${k}: ${value}`),
      )
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`)
      if (head.length) upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    const end = () => {
      upstream.destroy()
      client.destroy()
    }
    upstream.on('error', end)
    client.on('error', end)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(443, '127.0.0.1', () => resolve())
  })
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
