import { spawn } from 'node:child_process'
import { afterAll, beforeAll } from 'vitest'
import WebSocket from 'ws'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import {
  createScratchDatabase,
  freePort,
  startServerProcess,
  type ServerProcess,
} from '../../support/server-process'
import type { DatabaseOptions } from '../../../server/db/client'
import { DEMO_PASSWORD } from '../../../server/db/seed-identity'

export type SecurityServer = ServerProcess & {
  env: Record<string, string>
  /** The process's own database: open it after stop() (a PGlite directory has one owner). */
  database: DatabaseOptions
  close(): Promise<void>
}

/** Secrets a real deployment would set: fresh per start, so nothing here is a default. */
export const productionSecrets = (port: number): Record<string, string> => ({
  NODE_ENV: 'production',
  BOT_TOKEN: `7${randomBytes(4).readUInt32BE()}:${randomBytes(18).toString('base64url')}`,
  SESSION_SECRET: randomBytes(32).toString('hex'),
  BIOMETRY_KEY_SECRET: randomBytes(32).toString('hex'),
  MARKET_SEED: randomBytes(12).toString('hex'),
  PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
  SEED_DEMO: '0',
  TEST_MODE: '0',
})

/** Production variables that pass every refusal, for starts that must fail on something else. */
export const FIXED_SECRETS = {
  BOT_TOKEN: '1234:real-token',
  SESSION_SECRET: 'x'.repeat(40),
  BIOMETRY_KEY_SECRET: 'b'.repeat(40),
  MARKET_SEED: 'private-seed',
  PUBLIC_ORIGIN: 'https://earn.example.com',
}

/**
 * `server/main.ts` in its own process (what `npm run serve` runs), on a fresh PGlite directory,
 * or a fresh database on TEST_DATABASE_URL's server (the .ci/run PostgreSQL pass).
 * `production`: NODE_ENV=production with real-looking secrets and no demo data; otherwise the
 * demo (SEED_DEMO=1) with whatever `extra` adds.
 */
export async function startSecurityServer(
  kind: 'production' | 'demo',
  extra: Record<string, string> = {},
): Promise<SecurityServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'earn-security-'))
  const serverUrl = process.env.TEST_DATABASE_URL
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'earn_sec') : undefined
  const port = await freePort()
  const env = {
    ...(kind === 'production' ? productionSecrets(port) : { SEED_DEMO: '1' }),
    ...extra,
  }
  try {
    const server = await startServerProcess(
      { DATA_DIR: dataDir, DATABASE_URL: scratch?.url, PORT: port, extra: env },
      // Production prints no demo logins: the API line is its last banner line.
      kind === 'production' ? (o) => o.includes('API under') : undefined,
    )
    return {
      ...server,
      env,
      database: scratch ? { kind: 'postgres', url: scratch.url } : { kind: 'pglite', dataDir },
      close: async () => {
        await server.stop()
        await scratch?.drop()
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  } catch (err) {
    await scratch?.drop()
    rmSync(dataDir, { recursive: true, force: true })
    throw err
  }
}

/**
 * One server process shared by a test file's tests: started before them, closed after them.
 * Returns a getter, since the server exists only once the file's tests run.
 */
export function securityServerForFile(
  kind: 'production' | 'demo',
  extra: Record<string, string> = {},
): () => SecurityServer {
  let server: SecurityServer | undefined
  beforeAll(async () => {
    server = await startSecurityServer(kind, extra)
  }, 90_000)
  afterAll(() => server?.close())
  return () => {
    if (!server) throw new Error('the security server has not started')
    return server
  }
}

/** Logs a demo account in; its session cookie (name=value) for the Cookie header. */
export async function loginCookie(url: string, email: string): Promise<string> {
  const res = await post(url, '/v1/auth/login', { email, password: DEMO_PASSWORD })
  return res.headers.get('set-cookie')!.split(';')[0]!
}

/** POSTs JSON to the API as the client does; returns status, headers and the envelope. */
export async function post(
  url: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${url}/x-api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await res.text()
  let json: any
  try {
    json = JSON.parse(text)
  } catch {
    json = { raw: text }
  }
  return { status: res.status, headers: res.headers, body: json }
}

/** Runs server/main.ts with this environment until it exits; its exit code and output. */
export function runMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: '', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (b: Buffer) => (output += b.toString()))
  child.stderr.on('data', (b: Buffer) => (output += b.toString()))
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    }),
  )
}

/**
 * A built client in miniature for STATIC_DIR: index.html as Vite writes it, an empty manifest and
 * a first-view renderer (dist/.ssr) that, like the real one, puts the home page's search term
 * into the search input's value, escaped as React escapes attributes (& < > " ' only: `$` and
 * backticks stay). The security suite runs before any build exists (npm test builds for e2e
 * only after vitest), so it cannot use dist/.
 */
export function fakeBuiltClient(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'earn-security-dist-'))
  mkdirSync(join(dir, '.vite'))
  mkdirSync(join(dir, '.ssr'))
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en" dir="ltr"><head><title>Earn</title>' +
      '<script type="module" crossorigin src="/assets/index-1.js"></script></head>' +
      '<body><div id="root"></div></body></html>',
  )
  writeFileSync(join(dir, '.vite', 'manifest.json'), '{}')
  writeFileSync(
    join(dir, '.ssr', 'render-first-view.js'),
    `const escape = (s) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c])
export async function renderFirstView({ url }) {
  const search = new URL(url, 'http://x').searchParams.get('search') ?? ''
  return { html: '<main><input type="search" value="' + escape(search) + '"></main>', lang: 'en', dir: 'ltr' }
}
`,
  )
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

export type Conn = {
  ws: WebSocket
  frames: any[]
  closed: Promise<{ code: number; reason: string }>
}

/** Opens a WebSocket; rejects with `status` when the upgrade is refused. */
export function openSocket(url: string, headers: Record<string, string> = {}): Promise<Conn> {
  const ws = new WebSocket(url, { headers })
  const frames: any[] = []
  ws.on('message', (d) => frames.push(JSON.parse(d.toString())))
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  )
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, frames, closed }))
    ws.once('unexpected-response', (_req, res) =>
      reject(
        Object.assign(new Error(`upgrade refused ${res.statusCode}`), { status: res.statusCode }),
      ),
    )
    ws.once('error', reject)
  })
}

export const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms),
    ),
  ])
