// `npm run bench:export`: one export job of 1,000,000 wallet records, timed, with the worker
// process's peak memory sampled while it runs. Exits 1 over the 200 MB budget or when the file
// does not hold every record. The worker runs in its own process against a throwaway
// PostgreSQL 15; BENCH_EXPORT_DB=pglite runs it on the embedded database instead (which then
// lives in the worker's process), BENCH_EXPORT_ROWS changes the count.
import { spawnSync } from 'node:child_process'
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { ExportStatus } from '../../contract/export-constants'
import { openDatabase, type DatabaseHandle } from '../../server/db/client'
import { exportJobs } from '../../server/db/schema'
import { startPostgres, type ThrowawayPostgres } from './postgres'

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000)
const KIND = process.env.BENCH_EXPORT_DB === 'pglite' ? 'pglite' : 'postgres'
const BUDGET_MB = 200
const USER_ID = 4242
const MB = 1024 * 1024
const log = (m: string) => console.error(`[bench:export] ${m}`)

async function countLines(path: string): Promise<number> {
  let n = 0
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>)
    for (const byte of chunk) if (byte === 10) n++
  return n
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'earn-bench-export-'))
  let pg: ThrowawayPostgres | undefined
  let database: DatabaseHandle
  if (KIND === 'postgres') {
    pg = await startPostgres()
    database = await openDatabase({ kind: 'postgres', url: pg.url, maxConnections: 4 })
  } else {
    database = await openDatabase({ kind: 'pglite', dataDir })
  }
  try {
    await database.migrate()
    const { db } = database
    const end = new Date()
    const start = new Date(end.getTime() - 360 * 86_400_000)
    log(`seeding ${ROWS.toLocaleString('en')} wallet records (${KIND})…`)
    const seedStart = performance.now()
    // One bulk INSERT … SELECT generate_series: records spread over the 360 days of the range.
    await db.execute(sql`
      insert into ledger_postings (user_id, kind, coin, amount, product_id, product_type, created_at)
      select ${USER_ID}, (array['Yield','Stake','Redeem','Claim'])[1 + i % 4], 'USDT',
             ((i % 99991) + 1)::numeric / 10000, 'flex-usdt', 1,
             ${end.toISOString()}::timestamptz - make_interval(secs => (i::float8 * 31104000 / ${ROWS}))
        from generate_series(1, ${ROWS}) as i`)
    // What autovacuum does after a bulk load on PostgreSQL; PGlite has no autovacuum.
    await db.execute(sql`analyze ledger_postings`)
    log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`)
    const [job] = await db
      .insert(exportJobs)
      .values({ userId: USER_ID, startAt: start, endAt: end, submitAt: end })
      .returning()

    if (KIND === 'pglite') await database.close() // the worker process opens it next
    const child = spawnSync(
      process.execPath,
      [
        '--expose-gc',
        '--import',
        'tsx',
        'scripts/bench/export-worker.ts',
        KIND,
        pg?.url ?? dataDir,
        dataDir,
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    )
    if (child.status !== 0) throw new Error(`worker process exited with ${child.status}`)
    const { ran, seconds, baseRss, peakRss, peakHeap } = JSON.parse(child.stdout) as {
      ran: number
      seconds: number
      baseRss: number
      peakRss: number
      peakHeap: number
    }
    if (KIND === 'pglite') database = await openDatabase({ kind: 'pglite', dataDir })
    const base = { rss: baseRss }
    const [row] = await database.db.select().from(exportJobs)
    const file = join(dataDir, 'exports', String(USER_ID), `${job!.id}.csv`)
    const lines = await countLines(file)
    const ok = ran === 1 && row?.status === ExportStatus.Success && lines === ROWS + 1
    const table = {
      database: KIND,
      records: row?.recordCount,
      'csv lines (header + records)': lines,
      'file MB': (statSync(file).size / MB).toFixed(1),
      'time s': seconds.toFixed(1),
      'records/s': Math.round(ROWS / seconds).toLocaleString('en'),
      'worker process peak RSS MB': (peakRss / MB).toFixed(1),
      'worker process RSS at start MB': (base.rss / MB).toFixed(1),
      'peak JS heap MB': (peakHeap / MB).toFixed(1),
      [`budget: peak RSS < ${BUDGET_MB} MB`]: peakRss < BUDGET_MB * MB ? 'pass' : 'FAIL',
      'every record written': ok ? 'pass' : 'FAIL',
    }
    console.table(table)
    if (!ok || peakRss >= BUDGET_MB * MB) process.exitCode = 1
  } finally {
    await database.close()
    pg?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
