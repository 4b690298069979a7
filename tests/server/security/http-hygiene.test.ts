import { createHash, createHmac } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INLINE_SCRIPTS } from '../../../server/modules/client-shell/inline-scripts'
import { signDownload } from '../../../server/modules/export/download-link'
import { DEMO_PASSWORD } from '../../../server/db/seed-identity'
import { killStartedServers } from '../../support/server-process'
import { post, startSecurityServer, type SecurityServer } from './support'

// Deliver 3: headers on every answer, no poisoned keep-alive after an early answer, absolute
// links from PUBLIC_ORIGIN only, download links capped at 15 minutes.

afterAll(() => killStartedServers())

let server: SecurityServer
beforeAll(async () => {
  // The demo (users to export for) with a configured public origin and a known secret.
  server = await startSecurityServer('demo', {
    PUBLIC_ORIGIN: 'https://earn.example.com',
    SESSION_SECRET: 'security-test-session-secret-0123456789abcdef',
  })
}, 90_000)
afterAll(() => server?.close())

describe('security headers', () => {
  it('are on pages, API answers, errors and 404s alike', async () => {
    const answers = [
      await fetch(`${server.url}/x-api/health`),
      await fetch(`${server.url}/x-api/s1/byfi/get-homepage-product-cards`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{',
      }),
      // A successful earn call (its JSON written by envelopeText).
      await fetch(`${server.url}/x-api/s1/byfi/get-homepage-product-cards`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
      await fetch(`${server.url}/no/such/page.php`),
      await fetch(`${server.url}/x-api/v1/auth/login`, { method: 'POST', body: 'x' }),
    ]
    const hashes = INLINE_SCRIPTS.map(
      (s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`,
    )
    for (const res of answers) {
      const csp = res.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("default-src 'self'")
      expect(csp).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/)
      for (const h of hashes) expect(csp).toContain(h)
      expect(csp).not.toContain('unsafe-eval')
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
      expect(csp).toContain('connect-src ' + "'self' ws://earn.example.com wss://earn.example.com")
      expect(csp).toContain(
        "frame-ancestors 'self' https://web.telegram.org https://*.telegram.org",
      )
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      // Plain http here: HSTS only means something over https.
      expect(res.headers.get('strict-transport-security')).toBeNull()
    }
    console.log(`[security] CSP: ${answers[0]!.headers.get('content-security-policy')}`)
    const behindTls = await fetch(`${server.url}/x-api/health`, {
      headers: { 'x-forwarded-proto': 'https' },
    })
    expect(behindTls.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/)
    const cardsBehindTls = await fetch(`${server.url}/x-api/s1/byfi/get-homepage-product-cards`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      body: '{}',
    })
    expect(((await cardsBehindTls.json()) as { ret_code: number }).ret_code).toBe(0)
    expect(cardsBehindTls.headers.get('content-type')).toBe('application/json')
    expect(cardsBehindTls.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/)
    expect(cardsBehindTls.headers.get('connection')).not.toBe('close')
  })
})

describe('an answer sent before the body was read closes the connection', () => {
  it('three requests after a 1 MB body on one keep-alive agent all succeed', async () => {
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024) })
    const first = await fetch(`${server.url}/x-api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    })
    expect(first.status).toBe(413)
    expect(first.headers.get('connection')).toBe('close')
    expect((await first.json()).ret_code).toBe(10413)
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${server.url}/x-api/health`)).status)
    console.log(`[security] after a 1 MB body: next requests answered ${statuses.join(', ')}`)
    expect(statuses).toEqual([200, 200, 200])
  })

  it('a 415 (body never read) also closes, and the next request on a raw socket works', async () => {
    const agentReq = (path: string, body?: string, type = 'text/plain') =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const req = httpRequest(
          `${server.url}${path}`,
          { method: body ? 'POST' : 'GET', headers: body ? { 'content-type': type } : {} },
          (res) => {
            res.resume()
            res.on('end', () =>
              resolve({ status: res.statusCode!, connection: res.headers.connection }),
            )
          },
        )
        req.on('error', reject)
        req.end(body)
      })
    const refused = await agentReq('/x-api/v1/auth/login', 'y'.repeat(30_000))
    expect(refused).toEqual({ status: 415, connection: 'close' })
    expect((await agentReq('/x-api/health')).status).toBe(200)
  })
  // The server reads bodies from Node's request (server/http/request-body.ts): a body sent in
  // chunks declares no length, so the limit is counted as it is read.
  const chunked = (chunks: string[]) =>
    new Promise<{ status: number; connection: string | undefined; body: string }>(
      (resolve, reject) => {
        const req = httpRequest(
          `${server.url}/x-api/v1/auth/login`,
          { method: 'POST', headers: { 'content-type': 'application/json' } },
          (res) => {
            answered = true
            let body = ''
            res.setEncoding('utf8')
            res.on('data', (d: string) => (body += d))
            res.on('end', () =>
              resolve({ status: res.statusCode!, connection: res.headers.connection, body }),
            )
          },
        )
        // A server that answers before the body's end and closes may cut the sending short.
        let answered = false
        req.on('error', (err) => {
          if (!answered) reject(err)
        })
        for (const chunk of chunks) req.write(chunk)
        req.end()
      },
    )

  it('a chunked body over 64 kB is refused with 413 as it is read, and the next request works', async () => {
    const pad = 'x'.repeat(16 * 1024)
    const refused = await chunked([
      '{"email":"a@b.co","password":"',
      ...Array.from({ length: 8 }, () => pad),
      '"}',
    ])
    expect(refused.status).toBe(413)
    expect(refused.connection).toBe('close')
    expect(JSON.parse(refused.body).ret_code).toBe(10413)
    expect((await fetch(`${server.url}/x-api/health`)).status).toBe(200)
  })

  it('a chunked body within the limit is read whole: the login is checked', async () => {
    const answer = await chunked(['{"email":"kyc1@earn.test",', `"password":"${DEMO_PASSWORD}"}`])
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body).ret_code).toBe(0)
  })
})

describe('download links', () => {
  it('use PUBLIC_ORIGIN whatever Host the request carried, and never live past 15 min', async () => {
    const login = await post(server.url, '/v1/auth/login', {
      email: 'kyc2@earn.test',
      password: DEMO_PASSWORD,
    })
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!
    const now = Math.floor(Date.now() / 1000)
    // The demo deposit may be seeded within this very second: the range ends a second later
    // (the server accepts an end up to the last second of today).
    const end = Math.min(now + 1, (Math.floor(now / 86_400) + 1) * 86_400 - 1)
    const submit = await post(
      server.url,
      '/s1/byfi/submit-bill-export',
      { export_start_at: now - 86_400, export_end_at: end },
      { cookie },
    )
    expect(submit.body.ret_code, submit.body.ret_msg).toBe(0)
    const recordId = submit.body.result.record_id
    let link: any
    for (let i = 0; i < 100 && !link; i++) {
      const res = await post(
        server.url,
        '/s1/byfi/download-bill',
        { record_id: recordId },
        // The attack: a forged Host would make the link point at the attacker's site.
        { cookie, host: 'evil.example' },
      )
      if (res.body.ret_code === 0) link = res.body.result
      else await new Promise((r) => setTimeout(r, 200))
    }
    expect(link.download_url).toMatch(/^https:\/\/earn\.example\.com\/x-api\/v1\/export-files\//)
    expect(link.expires_at - now).toBeLessThanOrEqual(15 * 60 + 5)
    const path = new URL(link.download_url).pathname + new URL(link.download_url).search
    expect((await fetch(`${server.url}${path}`, { headers: { cookie } })).status).toBe(200)

    // A link signed (with the real key) for a day: refused, the cap is checked at use too.
    const id = Number(recordId)
    const far = now + 86_400
    const ownerId = 100013
    const sig = signDownload(server.env.SESSION_SECRET!, id, ownerId, far)
    const long = await fetch(`${server.url}/x-api/v1/export-files/${id}?expires=${far}&sig=${sig}`)
    expect(long.status).toBe(403)
    // The link key is derived from the secret, not the secret itself.
    const withSecret = createHmac('sha256', server.env.SESSION_SECRET!)
      .update(`${id}:${ownerId}:${now + 60}`)
      .digest('base64url')
    const wrongKey = await fetch(
      `${server.url}/x-api/v1/export-files/${id}?expires=${now + 60}&sig=${withSecret}`,
    )
    expect(wrongKey.status).toBe(403)
  })
})
