// Child-process entry for the export restart test: the real server on a given data directory
// or PostgreSQL database, small export batches so a job is caught mid-run, optional bulk rows.
import { sql } from 'drizzle-orm'
import { parseConfig, testConfig } from '../../../server/config'
import { startServer } from '../../../server/server'
import { seedYieldPostings } from './export'

const env = process.env
const config = testConfig({
  ...parseConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: env.EXPORT_TEST_DATA_DIR,
    DATABASE_URL: env.EXPORT_TEST_DATABASE_URL,
  }),
  TEST_MODE: true,
  SEED_DEMO: true,
})
const server = await startServer(config, {
  withClient: false,
  exportWorker: { batchSize: 200, pollMs: 100 },
})
const userId = Number(env.EXPORT_TEST_USER_ID)
const rows = Number(env.EXPORT_TEST_SEED_ROWS ?? 0)
if (rows) await seedYieldPostings(server.database.db, userId, rows, new Date())
const counted = await server.database.db.execute(
  sql`select count(*)::int as n from ledger_postings where user_id = ${userId}`,
)
const n = (counted as unknown as { rows: { n: number }[] }).rows[0]!.n
process.stdout.write(`READY ${server.url} ${n}\n`)
const stop = () => void server.close().then(() => process.exit(0))
process.stdin.on('end', stop)
process.stdin.resume()
process.on('SIGTERM', stop)
