import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ExportStatus } from '../../contract/export-constants'
import { createScratchDatabase } from '../support/server-process'
import { DEMO, DEMO_IDS } from './support/earn'
import { parseCsv } from './support/export'

// A real crash: the server process is SIGKILLed while its worker is mid-export, and a new
// server on the same database finishes the job once, leaving exactly one file.

type Child = { proc: ChildProcess; url: string; postings: number }
const dataDir = mkdtempSync(join(tmpdir(), 'earn-export-restart-'))
const userDir = join(dataDir, 'exports', String(DEMO_IDS.kyc2))
let databaseUrl: string | undefined
let dropDatabase = async () => {}
const children: ChildProcess[] = []

beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) return // PGlite on disk under dataDir, shared by both servers in turn.
  const scratch = await createScratchDatabase(serverUrl, 'earn_export')
  databaseUrl = scratch.url
  dropDatabase = scratch.drop
})
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL')
  await dropDatabase()
  rmSync(dataDir, { recursive: true, force: true })
})

function startChild(seedRows: number): Promise<Child> {
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/server/support/export-server-main.ts'],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DATABASE_URL: '',
        EXPORT_TEST_DATA_DIR: dataDir,
        EXPORT_TEST_DATABASE_URL: databaseUrl ?? '',
        EXPORT_TEST_USER_ID: String(DEMO_IDS.kyc2),
        EXPORT_TEST_SEED_ROWS: String(seedRows),
      },
    },
  )
  children.push(proc)
  let out = ''
  return new Promise((resolve, reject) => {
    proc.stdout!.on('data', (b: Buffer) => {
      out += b.toString()
      const m = /READY (\S+) (\d+)/.exec(out)
      if (m) resolve({ proc, url: m[1]!, postings: Number(m[2]) })
    })
    proc.stderr!.on('data', (b: Buffer) => (out += b.toString()))
    proc.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)))
  })
}

async function call(base: string, path: string, body: unknown, cookie?: string) {
  const res = await fetch(`${base}/x-api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  })
  return { headers: res.headers, body: (await res.json()) as { ret_code: number; result: any } }
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 90_000) {
  const until = Date.now() + ms
  for (;;) {
    const v = await probe()
    if (v !== undefined) return v
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

it('a job interrupted by a killed server finishes once after restart, with one file', async () => {
  const a = await startChild(40_000)
  const login = await call(a.url, '/v1/auth/login', {
    email: DEMO.kyc2,
    password: 'Earn-demo-2026',
  })
  const cookie = /b_t_c_k_local=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0]
  const now = Math.floor(Date.now() / 1000)
  // A minute ahead (within today, UTC) so every posting already written falls in the range.
  const end = Math.min(now + 60, Math.ceil((now + 1) / 86_400) * 86_400 - 1)
  const sub = await call(
    a.url,
    '/s1/byfi/submit-bill-export',
    { export_start_at: now - 2 * 86_400, export_end_at: end },
    cookie,
  )
  expect(sub.body.ret_code, JSON.stringify(sub.body)).toBe(0)
  const id: string = sub.body.result.record_id
  const record = async (base: string) =>
    (await call(base, '/s1/byfi/list-bill-export', {}, cookie)).body.result.records.find(
      (r: any) => r.record_id === id,
    )
  const midRun = await waitFor('the job mid-run', async () => {
    const r = await record(a.url)
    return r?.status === ExportStatus.Processing && r.record_count >= 400 ? r : undefined
  })
  a.proc.kill('SIGKILL')
  await new Promise((r) => a.proc.once('exit', r))
  expect(midRun.record_count).toBeLessThan(a.postings)
  // The killed run left its partial file behind and no finished one.
  expect(readdirSync(userDir).map((f) => f.replace(/^\d+\./, ''))).toEqual(['1.csv.part'])

  const b = await startChild(0)
  try {
    expect((await record(b.url)).status).toBe(ExportStatus.Processing)
    // The dead server's lease (30 s) lapses on the new server's clock.
    await call(b.url, '/s1/byfi/test/advance-clock', { seconds: 31 }, cookie)
    const done = await waitFor('success', async () => {
      const r = await record(b.url)
      return r?.status === ExportStatus.Success ? r : undefined
    })
    expect(done.record_count).toBe(b.postings)
    expect(readdirSync(userDir)).toEqual([`${id}.csv`])
    const rows = parseCsv(readFileSync(join(userDir, `${id}.csv`), 'utf8'))
    expect(rows.length).toBe(b.postings)
    expect(new Set(rows.map((r) => r.record_id)).size).toBe(b.postings)
  } finally {
    b.proc.stdin!.end()
    await new Promise((r) => b.proc.once('exit', r))
  }
}, 180_000) // two server starts and 40,000 records on a shared 2-core machine
