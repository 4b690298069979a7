import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { NamedStatementClient } from './named-statements'
import * as schema from './schema'

export type Schema = typeof schema
export type Database = PgDatabase<PgQueryResultHKT, Schema>

export type DatabaseHandle = {
  db: Database
  kind: 'pglite' | 'postgres'
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>
  /** Runs raw SQL; for tests and operations only. */
  exec(sql: string): Promise<void>
  close(): Promise<void>
}

/** pg_advisory_lock key held while migrating PostgreSQL (any constant shared by all servers). */
const MIGRATION_LOCK_ID = 72_700_001

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** Where a data dir keeps its PGlite database. */
export const pgliteDirOf = (dataDir: string) => join(dataDir, 'pglite')

export type DatabaseOptions =
  // No dataDir: in memory, empty or from a dump of a data dir (PGlite's dumpDataDir).
  | { kind: 'pglite'; dataDir?: string; fromDump?: Blob }
  | { kind: 'postgres'; url: string; maxConnections?: number }

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 20,
      Client: NamedStatementClient,
    })
    // An idle connection the server drops (restart, failover, pg_terminate_backend) is
    // removed from the pool and replaced on the next query; without a listener node-postgres
    // would rethrow it and take the process down.
    pool.on('error', (err) => console.error('[db] idle connection lost:', err.message))
    // Fail fast with a clear message when the server is unreachable.
    await pool.query('select 1')
    const db = drizzlePg(pool, { schema })
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        // Servers starting at once would race on CREATE TABLE: one migrates, the others wait.
        const lock = await pool.connect()
        try {
          await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
          await migratePg(db, { migrationsFolder })
        } finally {
          await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => 0)
          lock.release()
        }
      },
      exec: async (sql) => void (await pool.query(sql)),
      close: async () => {
        await runClosers(db)
        await endPool(pool)
      },
    }
  }
  let dir: string | undefined
  if (options.dataDir) {
    dir = pgliteDirOf(options.dataDir)
    mkdirSync(dir, { recursive: true })
  }
  // One options object: PGlite reads its second argument only when the first is a path, so
  // `new PGlite(undefined, { loadDataDir })` ignored the dump and ran initdb (2.9 s, not 0.8).
  const client = new PGlite({
    ...(dir ? { dataDir: dir } : {}),
    ...(options.fromDump ? { loadDataDir: options.fromDump } : {}),
  })
  await client.waitReady
  const db = drizzlePglite(client, { schema })
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    exec: async (sql) => void (await client.exec(sql)),
    close: async () => {
      await runClosers(db)
      await client.close()
    },
  }
}

/** What must end before a database closes (a LISTEN connection of its own), by database. */
const closers = new WeakMap<object, Set<() => Promise<void>>>()

/**
 * Runs `stop` when the database is closed, before its connections end (a module's own LISTEN
 * connection, which pool.end() does not know of); returns the function that forgets it.
 */
export function onDatabaseClose(db: Database, stop: () => Promise<void>): () => void {
  let set = closers.get(db)
  if (!set) closers.set(db, (set = new Set()))
  set.add(stop)
  return () => void set.delete(stop)
}

async function runClosers(db: object): Promise<void> {
  const set = closers.get(db)
  closers.delete(db)
  for (const stop of set ?? []) await stop().catch(() => undefined)
}

/**
 * pool.end() resolves once the pool has let go of its clients, before their connections have
 * closed; this waits for each connection's own end (bounded), so the database can be dropped
 * or the process can exit without a connection dying underneath an open client.
 */
async function endPool(pool: pg.Pool, waitMs = 5000): Promise<void> {
  let open = pool.totalCount
  const closed = new Promise<void>((resolve) => {
    if (open === 0) return resolve()
    pool.on('remove', () => {
      open -= 1
      if (open <= 0) resolve()
    })
  })
  await pool.end()
  let timer: NodeJS.Timeout | undefined
  await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))])
  clearTimeout(timer)
}

export function databaseOptionsFromConfig(config: {
  DATABASE_URL?: string | undefined
  DATA_DIR: string
}): DatabaseOptions {
  return config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: config.DATA_DIR }
}
