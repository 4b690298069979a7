import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase, type Database } from '../../server/db/client'
import { seedDatabase } from '../../server/db/seed'

export type BenchServer = { url: string; pid: number; stop(): Promise<void> }

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })

export type BenchServerOptions = {
  databaseUrl?: string
  /** The built client to serve (BENCH_DIST, default dist/). */
  staticDir?: string
  /** TEST_MODE=1: the test-only endpoints (manual clock, quote burst) exist. */
  testMode?: boolean
  /**
   * Runs on the migrated and seeded database before the server starts (PGlite takes one
   * process at a time): what an operator or a deposit would have done beforehand.
   */
  prepare?: (db: Database) => Promise<void>
  /** BOT_TOKEN: Telegram launches signed with it log in (the telegram section). */
  botToken?: string
  /** SESSION_SECRET, when sessions are written before the start (the rush); fresh otherwise. */
  sessionSecret?: string
  /** Another checkout whose server is run (BENCH_BEFORE: the figures a change is compared to). */
  cwd?: string
}

/**
 * The real server (`npm run serve`) in its own process, serving the built client, so its CPU
 * is not shared with the load generator's event loop. PGlite in a temp dir unless databaseUrl.
 */
export async function startBenchServer(options: BenchServerOptions = {}): Promise<BenchServer> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'earn-bench-'))
  if (options.prepare) {
    const handle = await openDatabase(
      options.databaseUrl
        ? { kind: 'postgres', url: options.databaseUrl }
        : { kind: 'pglite', dataDir },
    )
    try {
      await handle.migrate()
      await seedDatabase(handle.db, new Date(), { demo: true })
      await options.prepare(handle.db)
    } finally {
      await handle.close()
    }
  }
  // BENCH_SERVER_PROF=<dir>: each server writes a V8 CPU profile there when it stops (Node
  // refuses --cpu-prof in NODE_OPTIONS); what issue 28's rush runs were read from.
  const profile = process.env.BENCH_SERVER_PROF
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
      // BENCH_SERVER_NODE_FLAGS: Node flags for each server (V8's heap flags, which
      // NODE_OPTIONS partly refuses); Run AI's young-generation trial was run with it.
      ...(process.env.BENCH_SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      'server/main.ts',
    ],
    {
      ...(options.cwd ? { cwd: options.cwd } : {}),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: options.databaseUrl ?? '',
        STATIC_DIR: options.staticDir ?? 'dist',
        // Production refuses TEST_MODE: the quote-burst server runs as 'test', the rest as
        // production with fresh secrets (the demo user comes from `prepare`, never from a seed).
        NODE_ENV: options.testMode ? 'test' : 'production',
        SESSION_SECRET: options.sessionSecret ?? randomBytes(24).toString('hex'),
        BIOMETRY_KEY_SECRET: randomBytes(24).toString('hex'),
        BOT_TOKEN: `1:${randomBytes(16).toString('hex')}`,
        MARKET_SEED: randomBytes(8).toString('hex'),
        TEST_MODE: options.testMode ? '1' : '0',
        SEED_DEMO: '0',
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        // Every bench client connects from 127.0.0.1: the per-address cap would stop the load.
        SOCKET_CONNECTIONS_PER_IP: '100000',
        ...(options.botToken ? { BOT_TOKEN: options.botToken } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let log = ''
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()))
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break
    try {
      if ((await fetch(`${url}/x-api/health`)).ok) return { url, pid: child.pid!, stop }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  await stop()
  throw new Error(`bench server did not start:\n${log}`)
}
