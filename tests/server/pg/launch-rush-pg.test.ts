import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, expect, it } from 'vitest'
import { AccountType } from '../../../contract/enums'
import { openDatabase } from '../../../server/db/client'
import {
  RUSH_DEPOSIT_USDT,
  RUSH_ORDER_AMOUNT,
  RUSH_PRODUCT_ID,
  runRush,
  rushUserIds,
} from '../../../scripts/bench/rush'
import {
  checkRushDatabase,
  prepareRushDatabase,
  RUSH_TEST,
  rushAndCheckAnswers,
  rushSecret,
  startRushServers,
} from '../../support/launch-rush'
import { queryRows } from '../../support/db-state'
import {
  createScratchDatabase,
  killStartedServers,
  type ServerProcess,
} from '../../support/server-process'

// Issue 28: 200 users subscribe at once to a product whose quota holds 100 orders, through two
// server processes on one PostgreSQL (each user sent to one of them in turn).

const dataDir = mkdtempSync(join(tmpdir(), 'earn-rush-pg-'))
let servers: ServerProcess[] = []
const scratches: { url: string; drop(): Promise<void> }[] = []

afterAll(async () => {
  for (const s of servers) await s.stop()
  killStartedServers()
  for (const scratch of scratches) await scratch.drop()
  rmSync(dataDir, { recursive: true, force: true })
})

const scratchDatabase = async () => {
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'earn_rush')
  scratches.push(scratch)
  return { kind: 'postgres' as const, url: scratch.url, maxConnections: 2 }
}

it(`the launch rush on two servers over PostgreSQL: ${RUSH_TEST.users} users, quota ${RUSH_TEST.quotaOrders}, exactly the quota sold`, async () => {
  const database = await scratchDatabase()
  const secret = rushSecret()
  const tokens = await prepareRushDatabase(database, secret)
  servers = await startRushServers(2, { DATA_DIR: dataDir, DATABASE_URL: database.url }, secret)
  await rushAndCheckAnswers(servers, tokens)
  await checkRushDatabase(database)
}, 240_000)

it('more buyers than turns: who waited past the deadline is answered 315 and pays nothing', async () => {
  for (const s of servers.splice(0)) await s.stop()
  const users = 40
  const database = await scratchDatabase()
  const secret = rushSecret()
  const tokens = await prepareRushDatabase(database, secret, {
    users,
    quotaOrders: users,
    readers: 0,
  })
  // One order at a time, 100 ms of waiting at most.
  servers = await startRushServers(1, { DATA_DIR: dataDir, DATABASE_URL: database.url }, secret, {
    PAY_ORDER_CONCURRENCY: '1',
    PAY_ORDER_MAX_WAIT_MS: '100',
  })
  // The product row held by another transaction: the first order to get the turn stops at the
  // quota's decrement and keeps the turn until the row is let go, 3 s later.
  const holder = new pg.Client({ connectionString: database.url })
  await holder.connect()
  let r: Awaited<ReturnType<typeof runRush>>
  try {
    await holder.query('begin')
    await holder.query('select id from products where id = $1 for update', [RUSH_PRODUCT_ID])
    const letGo = new Promise((resolve) => setTimeout(resolve, 3_000)).then(() =>
      holder.query('commit'),
    )
    r = await runRush(
      servers.map((s) => s.url),
      tokens,
      { timeoutMs: 60_000 },
    )
    await letGo
  } finally {
    await holder.end()
  }
  console.log(`[launch-rush] one turn, the product row held: ${JSON.stringify(r.answers)}`)
  expect(r.samples).toEqual([])
  expect(r.answers.success).toBeGreaterThan(0)
  expect(r.answers.rateLimited).toBeGreaterThan(0)
  expect(r.answers.success + r.answers.rateLimited).toBe(users)

  // What was answered is what was written: a position per accepted order, the quota down by
  // those only, and every buyer told 315 still holds the whole deposit.
  const ids = rushUserIds(users)
  const handle = await openDatabase(database)
  try {
    const [state] = await queryRows<{ positions: number; remaining: string; untouched: number }>(
      handle.db,
      sql`select
            (select count(*)::int from earn_positions where product_id = ${RUSH_PRODUCT_ID}) as positions,
            (select remaining_quota::text from products where id = ${RUSH_PRODUCT_ID}) as remaining,
            (select count(*)::int from earn_accounts
              where coin = 'USDT' and account_type = ${AccountType.FUNDING}
                and user_id between ${ids[0]!} and ${ids.at(-1)!}
                and balance = ${RUSH_DEPOSIT_USDT}::numeric) as untouched`,
    )
    expect(state!.positions).toBe(r.answers.success)
    expect(Number(state!.remaining)).toBe(r.answers.rateLimited * Number(RUSH_ORDER_AMOUNT))
    expect(state!.untouched).toBe(r.answers.rateLimited)
  } finally {
    await handle.close()
  }
}, 240_000)
