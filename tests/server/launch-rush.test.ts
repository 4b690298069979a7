import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import type { DatabaseOptions } from '../../server/db/client'
import {
  checkRushDatabase,
  prepareRushDatabase,
  RUSH_TEST,
  rushAndCheckAnswers,
  rushSecret,
  startRushServers,
} from '../support/launch-rush'
import { killStartedServers, type ServerProcess } from '../support/server-process'

// Issue 28 on the embedded default: 200 users subscribe at once to a product whose quota holds
// 100 orders, through one server process on PGlite. tests/server/pg/launch-rush-pg.test.ts
// runs the same through two servers on one PostgreSQL.

const dataDir = mkdtempSync(join(tmpdir(), 'earn-rush-'))
const database: DatabaseOptions = { kind: 'pglite', dataDir }
let servers: ServerProcess[] = []

afterAll(async () => {
  for (const s of servers) await s.stop()
  killStartedServers()
  rmSync(dataDir, { recursive: true, force: true })
})

it(`the launch rush on PGlite: ${RUSH_TEST.users} users, quota ${RUSH_TEST.quotaOrders}, exactly the quota sold`, async () => {
  const secret = rushSecret()
  const tokens = await prepareRushDatabase(database, secret)
  servers = await startRushServers(1, { DATA_DIR: dataDir }, secret)
  await rushAndCheckAnswers(servers, tokens)
  // PGlite has one owner: the server stops before the test reads the database.
  for (const s of servers.splice(0)) expect(await s.stop()).toBe(0)
  await checkRushDatabase(database)
}, 420_000)
