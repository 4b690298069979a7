import { spawn } from 'node:child_process'
import { Agent, request } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { openDatabase } from '../../server/db/client'
import { products } from '../../server/db/schema'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed-identity'

const dataDir = mkdtempSync(join(tmpdir(), 'earn-lifecycle-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })

/** Starts `server/main.ts` as npm start does (minus the build) and waits for its first line. */
async function startMain(port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--demo'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // As npm start: NODE_ENV unset (--demo makes it development), not vitest's 'test'.
      NODE_ENV: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (b: Buffer) => {
      output += b.toString()
      // The demo logins are the last lines of the start-up banner.
      if (output.includes(DEMO_ACCOUNTS.at(-1)!.email)) resolve()
    })
    child.stderr.on('data', (b: Buffer) => (output += b.toString()))
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)))
  })
  return { child, output: () => output }
}

describe('server lifecycle on the embedded database', () => {
  it('prints its URL, exits cleanly on SIGTERM, and a restart finds every committed row', async () => {
    const port = await freePort()
    const first = await startMain(port)
    expect(first.output()).toContain(`http://127.0.0.1:${port}/earn/home`)
    expect(first.output().split('\n')[0]).toMatch(/^Earn DEMO \(NODE_ENV=\w+\)/)
    expect(first.output()).toContain(`Demo logins (password ${DEMO_PASSWORD})`)
    for (const a of DEMO_ACCOUNTS) expect(first.output()).toContain(a.email)

    const res = await fetch(`http://127.0.0.1:${port}/x-api/s1/byfi/get-homepage-product-cards`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    const count = ((await res.json()) as { result: { cards: unknown[] } }).result.cards.length
    expect(count).toBeGreaterThan(0)

    const exited = new Promise<number | null>((resolve) => first.child.on('exit', resolve))
    first.child.kill('SIGTERM')
    expect(await exited).toBe(0)

    // Write a row directly, close cleanly, reopen: it is still there.
    const db1 = await openDatabase({ kind: 'pglite', dataDir })
    await db1.db.insert(products).values({
      id: 'lifecycle-check',
      productType: 4,
      coin: 'USDT',
      apr: '0.01',
      minAmount: '1',
      maxAmount: '2',
      totalQuota: '3',
      remainingQuota: '3',
      subscribeStartAt: new Date(),
    })
    await db1.close()
    const db2 = await openDatabase({ kind: 'pglite', dataDir })
    const rows = await db2.db.select().from(products)
    await db2.close()
    expect(rows.length).toBe(count + 1)
    expect(rows.some((r) => r.id === 'lifecycle-check')).toBe(true)
  })

  it('drains on SIGTERM: a request in flight completes, sockets get 1012, new connections are refused', async () => {
    const port = await freePort()
    const server = await startMain(port, { SHUTDOWN_DRAIN_MS: '8000' })
    const exited = new Promise<number | null>((resolve) => server.child.on('exit', resolve))

    // A socket client, subscribed, to see how the server closes it.
    const ws = new WebSocket(`ws://127.0.0.1:${port}/x-api/earn/ws/public`)
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
    const wsClosed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))

    // The request's headers reach the server (it answers 100 Continue once it has them), and
    // its body is sent only after SIGTERM: it is in flight for the whole start of the drain.
    const body = JSON.stringify({})
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/x-api/s1/byfi/get-homepage-product-cards',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
      },
    })
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      req.once('error', reject)
      req.once('response', (res) => {
        let text = ''
        res.on('data', (b: Buffer) => (text += b.toString()))
        res.once('end', () => resolve({ status: res.statusCode!, text }))
      })
    })
    await new Promise((resolve) => req.once('continue', resolve))

    server.child.kill('SIGTERM')
    // The server says it is draining one request, and stops listening while it does.
    await expect
      .poll(() => server.output(), { timeout: 5000 })
      .toMatch(/SIGTERM: shutting down \(1 requests in flight/)
    expect(await wsClosed).toBe(1012)
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/x-api/health`).then(
            () => 'answered',
            (err: Error & { cause?: { code?: string } }) => err.cause?.code ?? err.message,
          ),
        { timeout: 5000 },
      )
      .toBe('ECONNREFUSED')
    expect(server.child.exitCode).toBeNull()

    req.end(body)
    const answer = await response
    expect(answer.status).toBe(200)
    const envelope = JSON.parse(answer.text) as { ret_code: number; result: { cards: unknown[] } }
    expect(envelope.ret_code).toBe(0)
    expect(envelope.result.cards.length).toBeGreaterThan(0)
    expect(await exited).toBe(0)
    expect(server.output()).toContain('stopped')
  }, 60_000)

  it('cuts a request that does not finish within the drain bound, then exits', async () => {
    const port = await freePort()
    const server = await startMain(port, { SHUTDOWN_DRAIN_MS: '1500' })
    const exited = new Promise<number | null>((resolve) => server.child.on('exit', resolve))
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/x-api/s1/byfi/get-homepage-product-cards',
      headers: { 'content-type': 'application/json', 'content-length': 2, expect: '100-continue' },
    })
    const outcome = new Promise<string>((resolve) => {
      req.once('response', (res) => resolve(`answered ${res.statusCode}`))
      req.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message))
    })
    await new Promise((resolve) => req.once('continue', resolve))
    const killedAt = Date.now()
    server.child.kill('SIGTERM')
    // The body never comes: the server waits out the bound, cuts the connection and exits.
    expect(await exited).toBe(0)
    const took = Date.now() - killedAt
    expect(took).toBeGreaterThanOrEqual(1400)
    expect(took).toBeLessThan(8000)
    expect(await outcome).toBe('ECONNRESET')
  }, 60_000)

  it("keeps an idle keep-alive connection past Node's 5 s: a request reusing it is answered", async () => {
    const port = await freePort()
    const server = await startMain(port)
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const get = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: '/x-api/health', agent }, (res) => {
          res.resume()
          res.on('end', () => resolve({ status: res.statusCode!, reused: req.reusedSocket }))
        })
        req.on('error', reject)
        req.end()
      })
    try {
      expect(await get()).toEqual({ status: 200, reused: false })
      // Node's default keepAliveTimeout (5 s) would have closed it by now.
      await new Promise((resolve) => setTimeout(resolve, 6_000))
      expect(await get()).toEqual({ status: 200, reused: true })
    } finally {
      agent.destroy()
      server.child.kill('SIGTERM')
    }
  }, 60_000)

  it('exits with a clear message on a bad configuration', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let err = ''
    child.stderr.on('data', (b: Buffer) => (err += b.toString()))
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect(code).toBe(1)
    expect(err).toMatch(/Invalid configuration:[\s\S]*PORT/)
  })
})
