import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
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
async function startMain(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
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
