import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, it } from 'vitest'
import {
  checkRushDatabase,
  prepareRushDatabase,
  RUSH_TEST,
  rushAndCheckAnswers,
  rushSecret,
  startRushServers,
} from '../../support/launch-rush'
import {
  createScratchDatabase,
  killStartedServers,
  type ServerProcess,
} from '../../support/server-process'

// Issue 28: 200 users subscribe at once to a product whose quota holds 100 orders, through two
// server processes on one PostgreSQL (each user sent to one of them in turn).

const dataDir = mkdtempSync(join(tmpdir(), 'earn-rush-pg-'))
let servers: ServerProcess[] = []
let scratch: { url: string; drop(): Promise<void> } | undefined

afterAll(async () => {
  for (const s of servers) await s.stop()
  killStartedServers()
  await scratch?.drop()
  rmSync(dataDir, { recursive: true, force: true })
})

it(`the launch rush on two servers over PostgreSQL: ${RUSH_TEST.users} users, quota ${RUSH_TEST.quotaOrders}, exactly the quota sold`, async () => {
  scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'earn_rush')
  const database = { kind: 'postgres' as const, url: scratch.url, maxConnections: 2 }
  const secret = rushSecret()
  const tokens = await prepareRushDatabase(database, secret)
  servers = await startRushServers(2, { DATA_DIR: dataDir, DATABASE_URL: scratch.url }, secret)
  await rushAndCheckAnswers(servers, tokens)
  await checkRushDatabase(database)
}, 240_000)
