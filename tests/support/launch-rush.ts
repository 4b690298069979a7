import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { AccountType } from '../../contract/enums'
import { openDatabase, type DatabaseOptions } from '../../server/db/client'
import { seedDatabase } from '../../server/db/seed'
import {
  prepareRush,
  RUSH_DEPOSIT_USDT,
  RUSH_ORDER_AMOUNT,
  RUSH_PRODUCT_ID,
  rushUserIds,
  runRush,
  type RushResult,
  type RushUsers,
} from '../../scripts/bench/rush'
import { queryRows } from './db-state'
import { seedDataDirFromTemplate } from './pglite-template'
import { startServerProcess, type ServerProcess } from './server-process'

// The launch rush of issue 28, smaller (200 users, quota 100), for npm test and .ci/run: the
// bench's own preparation and load (scripts/bench/rush.ts) against real server processes.

export const RUSH_TEST = { users: 200, quotaOrders: 100, readers: 4 }

/** Migrates, seeds and prepares the rush on `database` before any server opens it. */
export async function prepareRushDatabase(
  database: DatabaseOptions,
  sessionSecret: string,
  plan: { users: number; quotaOrders: number; readers: number } = RUSH_TEST,
): Promise<RushUsers> {
  if (database.kind === 'pglite' && database.dataDir) seedDataDirFromTemplate(database.dataDir)
  const handle = await openDatabase(database)
  try {
    await handle.migrate()
    await seedDatabase(handle.db, new Date(), { demo: true })
    return await prepareRush(handle.db, {
      ...plan,
      sessionSecret,
      // Open from the start: the test is about the quota, not the opening's timing.
      opensAt: new Date(Date.now() - 1000),
    })
  } finally {
    await handle.close()
  }
}

export const rushSecret = () => randomBytes(24).toString('hex')

/**
 * `count` servers on the prepared database, with the sessions' secret. pay-order's turns wait
 * up to a minute by default: this rush is about the quota, and a loaded CI machine must not turn
 * slow turns into 315s (the bench keeps the production default and counts them).
 */
export const startRushServers = (
  count: number,
  env: { DATA_DIR: string; DATABASE_URL?: string },
  sessionSecret: string,
  extra: Record<string, string> = { PAY_ORDER_MAX_WAIT_MS: '60000' },
): Promise<ServerProcess[]> =>
  Promise.all(
    Array.from({ length: count }, () =>
      startServerProcess({ ...env, extra: { SESSION_SECRET: sessionSecret, ...extra } }),
    ),
  )

/** Fires the rush and checks every answer: the quota sold exactly, the rest told 302 or 315. */
export async function rushAndCheckAnswers(
  servers: ServerProcess[],
  tokens: RushUsers,
): Promise<RushResult> {
  const r = await runRush(
    servers.map((s) => s.url),
    tokens,
    // A timeout is a failure, not a slow answer: generous, so that a loaded CI machine (2 cores,
    // other jobs) does not turn slow answers into failures; the bench holds the time budgets.
    { timeoutMs: 150_000 },
  )
  console.log(
    `[launch-rush] ${servers.length} server(s): ${JSON.stringify(r.answers)}, p50 ${Math.round(r.p50Ms)} ms, ` +
      `p99 ${Math.round(r.p99Ms)} ms, reads p99 ${Math.round(r.reads.p99Ms)} ms, ${Math.round(r.durationMs)} ms in all`,
  )
  expect(r.samples).toEqual([])
  expect(r.answers.serverError).toBe(0)
  expect(r.answers.timeout).toBe(0)
  expect(r.answers.success).toBe(RUSH_TEST.quotaOrders)
  expect(r.answers.soldOut + r.answers.rateLimited).toBe(RUSH_TEST.users - RUSH_TEST.quotaOrders)
  expect(r.reads.failed).toBe(0)
  return r
}

/** The database after the rush: quota at zero, one position per accepted order, nothing negative. */
export async function checkRushDatabase(database: DatabaseOptions): Promise<void> {
  const handle = await openDatabase(database)
  try {
    const db = handle.db
    const [product] = await queryRows<{ remaining: string }>(
      db,
      sql`select remaining_quota::text as remaining from products where id = ${RUSH_PRODUCT_ID}`,
    )
    expect(Number(product!.remaining)).toBe(0)
    const [positions] = await queryRows<{ n: number; principal: string }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(principal), 0)::text as principal
          from earn_positions where product_id = ${RUSH_PRODUCT_ID}`,
    )
    expect(positions!.n).toBe(RUSH_TEST.quotaOrders)
    expect(Number(positions!.principal)).toBe(RUSH_TEST.quotaOrders * Number(RUSH_ORDER_AMOUNT))
    const [negative] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from earn_accounts where balance < 0 and user_id <> 0`,
    )
    expect(negative!.n).toBe(0)
    // What left the buyers' FUNDING accounts is what their EARN accounts hold: nothing lost.
    const ids = rushUserIds(RUSH_TEST.users)
    const [moved] = await queryRows<{ funding: string; earn: string }>(
      db,
      sql`select
            coalesce(sum(balance) filter (where account_type = ${AccountType.FUNDING}), 0)::text as funding,
            coalesce(sum(balance) filter (where account_type = ${AccountType.EARN}), 0)::text as earn
          from earn_accounts where coin = 'USDT' and user_id between ${ids[0]!} and ${ids.at(-1)!}`,
    )
    const sold = RUSH_TEST.quotaOrders * Number(RUSH_ORDER_AMOUNT)
    expect(Number(moved!.earn)).toBe(sold)
    expect(Number(moved!.funding)).toBe(RUSH_TEST.users * Number(RUSH_DEPOSIT_USDT) - sold)
  } finally {
    await handle.close()
  }
}
