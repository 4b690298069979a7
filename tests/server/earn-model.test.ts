import Decimal from 'decimal.js'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountType, ProductType } from '../../contract/enums'
import { ManualClock } from '../../server/clock'
import type { Database } from '../../server/db/client'
import { seedDatabase } from '../../server/db/seed'
import { riskAcknowledgements } from '../../server/db/schema'
import { ApiError } from '../../server/http/errors'
import type { CurrentUser } from '../../server/http/auth'
import { runEarnJobs } from '../../server/jobs/earn-jobs'
import { indexPriceOf } from '../../server/modules/earn/order-checks'
import { loadProduct } from '../../server/modules/earn/catalogue'
import { payOrder } from '../../server/modules/earn/orders'
import { claimYield, redeem } from '../../server/modules/earn/redemption'
import { PriceSimulator } from '../../server/modules/market/price-simulator'
import type { DatabaseHandle } from '../../server/db/client'
import { openTestDatabase } from '../support/test-database'

// Model test: random command sequences against the real earn services on one database; each
// run lives in a transaction rolled back at the end, so every run starts from the seed.
// A command costs ~25 queries, so 1000 runs × 50 commands took 475 s on PGlite and 799 s on
// PostgreSQL (a loaded 2-core machine): the full 1000 runs are the CI PostgreSQL pass (CI and
// TEST_DATABASE_URL set, as in .ci/run) or EARN_MODEL_RUNS=1000; everyday runs do 25.
const RUNS = Number(
  process.env.EARN_MODEL_RUNS ?? (process.env.CI && process.env.TEST_DATABASE_URL ? 1000 : 25),
)
const COMMANDS = 50
const HOUR = 3_600_000

const user = (id: number): CurrentUser => ({
  id,
  kycLevel: 2,
  tags: [],
  countryCode: 'SG',
  status: 1,
  tagBlocked: false,
  complianceWalled: false,
  countryMissing: false,
  sessionId: '',
})
const USERS = [user(100013), user(100036)]
const PRODUCTS = [
  'flex-usdt',
  'flex-btc',
  'pos-sol',
  'fixed-usdc-90',
  'fixed-usdt-7',
  'dual-btc-low',
  'liq-btc-usdt',
  'nope',
]
const AMOUNTS = ['0.001', '0.5', '1', '12.345678', '100', '999', '2500', '20000', '0', '-5']

type Command =
  | { kind: 'subscribe'; u: number; product: string; amount: string; replay: boolean }
  | { kind: 'redeem'; u: number; pick: number; part: boolean; early: boolean }
  | { kind: 'claim'; u: number }
  | { kind: 'accrue'; hours: number }
  | { kind: 'settle'; days: number }

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('subscribe' as const),
      u: fc.nat(1),
      product: fc.constantFrom(...PRODUCTS),
      amount: fc.constantFrom(...AMOUNTS),
      replay: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('redeem' as const),
      u: fc.nat(1),
      pick: fc.nat(7),
      part: fc.boolean(),
      early: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('claim' as const), u: fc.nat(1) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('accrue' as const),
      hours: fc.integer({ min: 1, max: 30 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      days: fc.integer({ min: 1, max: 10 }),
    }),
  },
)

let handle: DatabaseHandle
let market: PriceSimulator
const start = new Date('2026-11-01T00:00:00Z')

beforeAll(async () => {
  handle = await openTestDatabase()
  await seedDatabase(handle.db, start, { demo: true })
  // Both users acknowledged dual asset's risk once (pay-order refuses it otherwise, 10412).
  await handle.db
    .insert(riskAcknowledgements)
    .values(
      USERS.map((u) => ({ userId: u.id, productType: ProductType.Dual, acknowledgedAt: start })),
    )
  market = new PriceSimulator(handle.db, 'earn-market-1')
  await market.ready()
})
afterAll(() => handle.close())

class Rollback extends Error {}

const rows = async <T>(db: Database, q: ReturnType<typeof sql>) => {
  const r = await db.execute(q)
  return ((r as { rows?: T[] }).rows ?? (r as unknown as T[])) as T[]
}

/** Per user and coin: sum over accounts, and what the house minted to that user (−house entries). */
async function conservation(db: Database) {
  const totals = await rows<{ user_id: number; coin: string; total: string }>(
    db,
    sql`
    select user_id, coin, sum(balance)::text as total from earn_accounts where user_id <> 0 group by 1, 2`,
  )
  const sources = await rows<{ user_id: number; coin: string; deposited: string; minted: string }>(
    db,
    sql`
    select p.user_id, e.coin,
      (-sum(e.amount) filter (where p.kind = 'Deposit'))::text as deposited,
      (-coalesce(sum(e.amount) filter (where p.kind <> 'Deposit'), 0))::text as minted
    from ledger_entries e join ledger_postings p on p.id = e.posting_id
    where e.user_id = 0 group by 1, 2`,
  )
  return { totals, sources }
}

async function check(db: Database, starts: Map<string, Decimal>) {
  const negative = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from earn_accounts where user_id <> 0 and balance < 0`,
  )
  expect(Number(negative[0]!.n)).toBe(0)
  const { totals, sources } = await conservation(db)
  const minted = new Map(sources.map((s) => [`${s.user_id}|${s.coin}`, new Decimal(s.minted)]))
  for (const row of totals) {
    const key = `${row.user_id}|${row.coin}`
    const expected = (starts.get(key) ?? new Decimal(0)).plus(minted.get(key) ?? 0)
    expect(new Decimal(row.total).toFixed(), key).toBe(expected.toFixed())
  }
  // EARN holds exactly the open principal plus unclaimed yield of the user's positions.
  const earnGap = await rows<{ n: number }>(
    db,
    sql`
    select count(*)::int as n from earn_accounts a
    left join (select user_id, coin, sum(principal + claimable_yield) s from earn_positions
               where status = 'active' group by 1, 2) p using (user_id, coin)
    where a.account_type = ${AccountType.EARN} and a.user_id <> 0 and a.balance <> coalesce(p.s, 0)`,
  )
  expect(Number(earnGap[0]!.n)).toBe(0)
}

async function funding(db: Database, userId: number, coin: string) {
  const r = await rows<{ b: string }>(
    db,
    sql`select balance::text as b from earn_accounts where user_id = ${userId} and coin = ${coin} and account_type = 6`,
  )
  return new Decimal(r[0]?.b ?? 0)
}

async function runCommand(
  db: Database,
  clock: ManualClock,
  cmd: Command,
  orderIds: string[],
  seq: number,
) {
  const deps = { db, clock, market }
  const codeOf = async (p: Promise<unknown>) => {
    try {
      await p
      return 0
    } catch (err) {
      if (err instanceof ApiError) return err.code
      throw err
    }
  }
  if (cmd.kind === 'subscribe') {
    const u = USERS[cmd.u]!
    const id =
      cmd.replay && orderIds.length ? orderIds[orderIds.length - 1]! : `m-${seq}-${cmd.u}-xxxxxxxx`
    const p = await loadProduct(db, cmd.product)
    const before = p ? await funding(db, u.id, p.coin) : new Decimal(0)
    const price = p ? await indexPriceOf(market, p, clock.now()) : null
    const code = await codeOf(
      payOrder(deps, u, {
        order_id: id,
        product_id: cmd.product,
        amount: cmd.amount,
        ...(price ? { quote_price: price.toFixed() } : {}),
      }),
    )
    if (!p || !/^\d+(\.\d+)?$/.test(cmd.amount) || new Decimal(cmd.amount).lte(0)) {
      expect(code, 'bad input must be refused').not.toBe(0)
      return
    }
    const after = await funding(db, u.id, p.coin)
    // Finer than the coin's transaction precision: refused with 10001, nothing moves.
    const digits = await rows<{ d: number }>(
      db,
      sql`select transaction_digits as d from coins where name = ${p.coin}`,
    )
    if (new Decimal(cmd.amount).decimalPlaces() > Number(digits[0]!.d)) {
      expect(code).toBe(10001)
      expect(after.toFixed()).toBe(before.toFixed())
      return
    }
    if (code === 0 && !orderIds.includes(id))
      expect(before.minus(after).toFixed()).toBe(new Decimal(cmd.amount).toFixed())
    if (code === 303) expect(new Decimal(cmd.amount).gt(before) || after.eq(before)).toBe(true)
    if (code !== 0) expect(after.toFixed()).toBe(before.toFixed())
    expect([0, 302, 303, 320, 334, 336, 344]).toContain(code)
    orderIds.push(id)
  } else if (cmd.kind === 'redeem') {
    const u = USERS[cmd.u]!
    const open = await rows<{ id: string; principal: string }>(
      db,
      sql`select id, principal::text from earn_positions where user_id = ${u.id} order by id`,
    )
    const pos = open[cmd.pick % Math.max(open.length, 1)]
    const code = await codeOf(
      redeem(deps, u, {
        order_id: `r-${seq}-xxxxxxxx`,
        position_id: pos?.id ?? 'pos_none',
        ...(cmd.part && pos
          ? { amount: new Decimal(pos.principal).div(2).toDecimalPlaces(8).toFixed() }
          : {}),
        early: cmd.early,
      }),
    )
    expect([0, 304, 320, 334, 602, 10001]).toContain(code)
  } else if (cmd.kind === 'claim') {
    const code = await codeOf(claimYield(deps, USERS[cmd.u]!, { order_id: `c-${seq}-xxxxxxxx` }))
    expect([0, 304]).toContain(code)
  } else {
    clock.advance(cmd.kind === 'accrue' ? cmd.hours * HOUR : cmd.days * 24 * HOUR)
    await runEarnJobs(deps)
  }
}

describe('earn model (fast-check)', () => {
  it(`conserves balances over ${RUNS} runs × ${COMMANDS} commands`, async () => {
    const startRows = await conservation(handle.db)
    const starts = new Map(
      startRows.sources.map((s) => [`${s.user_id}|${s.coin}`, new Decimal(s.deposited ?? 0)]),
    )
    let runs = 0
    const began = Date.now()
    await fc.assert(
      fc.asyncProperty(
        fc.array(commandArb, { minLength: COMMANDS, maxLength: COMMANDS }),
        async (cmds) => {
          runs++
          try {
            await handle.db.transaction(async (tx) => {
              const db = tx as unknown as Database
              const clock = new ManualClock({ now: () => start })
              const orderIds: string[] = []
              for (const [i, cmd] of cmds.entries()) await runCommand(db, clock, cmd, orderIds, i)
              await check(db, starts)
              throw new Rollback()
            })
          } catch (err) {
            if (!(err instanceof Rollback)) throw err
          }
        },
      ),
      { numRuns: RUNS },
    )
    console.log(
      `earn model: ${runs} runs × ${COMMANDS} commands in ${((Date.now() - began) / 1000).toFixed(1)} s`,
    )
  }, 1_200_000)
})
