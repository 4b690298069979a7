import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { openDatabase, type DatabaseHandle } from '../../server/db/client'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed-identity'
import { seedDataDirFromTemplate } from './pglite-template'

/** A port that was free a moment ago on 127.0.0.1. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })

export type ServerProcess = {
  child: ChildProcess
  port: number
  url: string
  output(): string
  /** SIGKILL: no shutdown code runs, as in a crash. */
  kill(): Promise<void>
  /** SIGTERM and wait for a clean exit. */
  stop(): Promise<number | null>
}

const started: ChildProcess[] = []

/** Starts `server/main.ts` (what npm start runs) as a child and waits for its banner. */
export async function startServerProcess(
  env: {
    DATA_DIR?: string
    DATABASE_URL?: string
    PORT?: number
    TEST_MODE?: '1'
    /** More variables (a production start's secrets, limits); SEED_DEMO defaults to '1'. */
    extra?: Record<string, string>
  } = {},
  /** What in the output means started; default the demo banner's last login line. */
  ready: (output: string) => boolean = (o) => o.includes(DEMO_ACCOUNTS.at(-1)!.email),
): Promise<ServerProcess> {
  const port = env.PORT ?? (await freePort())
  if (env.DATA_DIR && !env.DATABASE_URL) seedDataDirFromTemplate(env.DATA_DIR)
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: env.DATA_DIR ?? '',
      DATABASE_URL: env.DATABASE_URL ?? '',
      TEST_MODE: env.TEST_MODE ?? '0',
      // An explicit test start: unset, NODE_ENV is production and refuses the demo's secrets.
      NODE_ENV: 'test',
      SEED_DEMO: '1',
      ...env.extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started.push(child)
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner in 60 s: ${output}`)), 60_000)
    child.stdout!.on('data', (b: Buffer) => {
      output += b.toString()
      if (ready(output)) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.stderr!.on('data', (b: Buffer) => (output += b.toString()))
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}: ${output}`))
    })
  })
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await exited
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      return exited
    },
  }
}

/** SIGKILLs every child this file started that is still running (afterAll safety net). */
export function killStartedServers(): void {
  for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
}

/** Logs a demo account in over HTTP; returns the session token for the UserToken header. */
export async function loginOver(url: string, email = 'kyc2@earn.test'): Promise<string> {
  const res = await fetch(`${url}/x-api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  })
  const match = /b_t_c_k_local=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')
  if (!match) throw new Error(`login failed: ${await res.text()}`)
  return match[1]!
}

/** POSTs JSON to an API path as the client does, with an optional UserToken. */
export async function callApi(url: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${url}/x-api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { usertoken: token } : {}) },
    body: JSON.stringify(body),
  })
  return (await res.json()) as { ret_code: number; ret_msg: string; result: any }
}

/** A new empty database on the TEST_DATABASE_URL server; drop() removes it. */
export async function createScratchDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`
  const run = async (q: string) => {
    const c = new pg.Client({ connectionString: serverUrl })
    await c.connect()
    try {
      await c.query(q)
    } finally {
      await c.end()
    }
  }
  await run(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) }
}

export type ServerPair = {
  a: ServerProcess
  b: ServerProcess
  /** The test's own connection to the servers' database. */
  handle: DatabaseHandle
  /** Stops both servers, drops the database, removes the data dir. */
  stop(): Promise<void>
}

/**
 * Two server processes (TEST_MODE) on one new database of the TEST_DATABASE_URL server, started
 * at once as behind a load balancer (migrations and seeding meet a concurrent twin). `extra`:
 * more of both servers' environment.
 */
export async function startServerPair(
  prefix: string,
  extra: Record<string, string> = {},
): Promise<ServerPair> {
  const database = await createScratchDatabase(process.env.TEST_DATABASE_URL!, prefix)
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-`))
  const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, TEST_MODE: '1' } as const
  const cleanUp = async () => {
    killStartedServers()
    await database.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    const [a, b] = await Promise.all([
      startServerProcess({ ...env, extra }),
      startServerProcess({ ...env, extra }),
    ])
    const handle = await openDatabase({ kind: 'postgres', url: database.url, maxConnections: 2 })
    return {
      a,
      b,
      handle,
      stop: async () => {
        await handle.close()
        await a.stop()
        await b.stop()
        await cleanUp()
      },
    }
  } catch (err) {
    await cleanUp()
    throw err
  }
}
