import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { AccountType } from '../../contract/enums'
import { API_PREFIX, earnCallPath } from '../../contract/paths'
import type { EarnOrder } from '../../contract/earn-order.schema'
import { sessionIdOf, userOfSession } from '../../server/http/auth'
import { loadProduct } from '../../server/modules/earn/catalogue'
import { money } from '../../server/modules/earn/money'
import { OrderError, OrderRetCode } from '../../server/modules/earn/order-errors'
import {
  PayBatcher,
  type BatchedPay,
  type PayBatchFigures,
} from '../../server/modules/earn/order-batch'
import {
  prepareRush,
  RUSH_DEPOSIT_USDT,
  RUSH_ORDER_AMOUNT,
  RUSH_PRODUCT_ID,
  rushUserIds,
} from '../../scripts/bench/rush'
import { readSettings, writeSetting } from '../../server/modules/earn/settings'
import { checkLedger, queryRows } from './db-state'
import { createTestApp, type TestApp } from './test-app'

// Issue 28: pay-orders that arrive together on one product go in one transaction
// (server/modules/earn/order-batch.ts). Each must still get what it would get alone: the quota
// sold exactly, a refusal recorded under its id (a retry replays it), a duplicate answered with
// the first one's order, a user's second order checked against the first one's holding.

const BUYERS = 16
const QUOTA_ORDERS = 10

type Answer = { ret_code: number; ret_msg: string; result: any }

/** `recording` is told when the orders start and when they are done (a driver's count). */
export async function payBatchScenario(
  t: TestApp,
  recording: (on: boolean) => void = () => undefined,
): Promise<void> {
  const tokens = await prepareRush(t.db, {
    users: BUYERS,
    quotaOrders: QUOTA_ORDERS,
    readers: 0,
    sessionSecret: t.config.SESSION_SECRET,
    opensAt: new Date(Date.now() - 1000),
  })
  const ids = rushUserIds(BUYERS)
  const poor = ids[12]!
  // u12 has less than an order: 303 inside the batch, nothing moved.
  await t.db.execute(sql`update earn_accounts set balance = 5 where user_id = ${poor}
    and coin = 'USDT' and account_type = ${AccountType.FUNDING}`)

  const pay = async (i: number, orderId: string, amount = RUSH_ORDER_AMOUNT): Promise<Answer> => {
    const res = await t.app.request(earnCallPath('pay-order'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', usertoken: tokens.buyers[i]! },
      body: JSON.stringify({ order_id: orderId, product_id: RUSH_PRODUCT_ID, amount }),
    })
    return (await res.json()) as Answer
  }
  // First the orders with a story, with six plain ones: the quota has room for all of them,
  // so each answer is the one its order would get alone, in whatever order they arrive.
  recording(true)
  const [both, twice, refused, below, early] = await Promise.all([
    // Two orders of one user at once: the second is checked against the first one's holding
    // (the per-user maximum is one order's worth): 320.
    Promise.all([pay(15, 'batch-first'), pay(15, 'batch-second')]),
    // The same order twice at once: one order, the same answer twice.
    Promise.all([pay(13, 'batch-twice'), pay(13, 'batch-twice')]),
    pay(12, 'batch-poor'),
    pay(14, 'batch-below', '5'),
    Promise.all([0, 1, 2, 3, 4, 5].map((i) => pay(i, `batch-order-${i}`))),
  ])
  // Then six more for the two orders' worth left: exactly two sold.
  const late = await Promise.all([6, 7, 8, 9, 10, 11].map((i) => pay(i, `batch-order-${i}`)))
  const answers = [...early, ...late]
  recording(false)

  const figures = await payFigures(t)
  console.log(
    `[pay batch] ${JSON.stringify(figures)}`,
    [...both, ...twice, refused, below, ...early, ...late].map((a) => a.ret_code).join(' '),
  )
  // The rush went in batches (not one order after another) and none was undone.
  expect(figures.batches).toBeGreaterThanOrEqual(1)
  expect(figures.batched).toBeGreaterThanOrEqual(2)
  expect(figures.undone).toBe(0)

  expect(refused.ret_code, refused.ret_msg).toBe(OrderRetCode.InsufficientBalance)
  expect(below.ret_code, below.ret_msg).toBe(OrderRetCode.OverLimit)
  expect(twice[0]!.result).toEqual(twice[1]!.result)
  const [first, second] = both
  expect(
    [first.ret_code, second.ret_code].sort((a, b) => a - b),
    `${first.ret_msg}; ${second.ret_msg}`,
  ).toEqual([0, OrderRetCode.OverLimit])
  expect(twice[0]!.ret_code, twice[0]!.ret_msg).toBe(0)
  expect(early.map((a) => a.ret_code)).toEqual(Array(6).fill(0))
  // Exactly the quota sold, each sale one position, the rest told sold out.
  expect(late.map((a) => a.ret_code).sort((a, b) => a - b)).toEqual([
    0,
    0,
    ...Array(4).fill(OrderRetCode.SoldOut),
  ])
  const sold = [...answers, twice[0]!, first, second].filter((a) => a.ret_code === 0)
  expect(sold.length).toBe(QUOTA_ORDERS)
  for (const a of sold) expect(a.result.order.status).toBe('success')
  expect(new Set(sold.map((a) => a.result.order.position_id)).size).toBe(QUOTA_ORDERS)

  const [state] = await queryRows<{ positions: number; remaining: string; poor: string }>(
    t.db,
    sql`select
          (select count(*)::int from earn_positions where product_id = ${RUSH_PRODUCT_ID}) as positions,
          (select remaining_quota::text from products where id = ${RUSH_PRODUCT_ID}) as remaining,
          (select balance::text from earn_accounts where user_id = ${poor} and coin = 'USDT'
            and account_type = ${AccountType.FUNDING}) as poor`,
  )
  expect(state!.positions).toBe(QUOTA_ORDERS)
  expect(Number(state!.remaining)).toBe(0)
  expect(Number(state!.poor)).toBe(5)
  const [moved] = await queryRows<{ earn: string; funding: string }>(
    t.db,
    sql`select
          coalesce(sum(balance) filter (where account_type = ${AccountType.EARN}), 0)::text as earn,
          coalesce(sum(balance) filter (where account_type = ${AccountType.FUNDING}), 0)::text as funding
        from earn_accounts where coin = 'USDT' and user_id between ${ids[0]!} and ${ids.at(-1)!}`,
  )
  const soldAmount = QUOTA_ORDERS * Number(RUSH_ORDER_AMOUNT)
  expect(Number(moved!.earn)).toBe(soldAmount)
  expect(Number(moved!.funding)).toBe((BUYERS - 1) * Number(RUSH_DEPOSIT_USDT) + 5 - soldAmount)
  const ledger = await checkLedger(t.db)
  expect(ledger.unbalanced).toEqual([])
  // Every balance is the sum of its entries (but u12's, set by hand above).
  expect(ledger.drifted.filter((d) => Number((d as { user_id: number }).user_id) !== poor)).toEqual(
    [],
  )

  // A refusal is recorded under its id: funded now, the retry still hears 303.
  await t.db.execute(sql`update earn_accounts set balance = 100 where user_id = ${poor}
    and coin = 'USDT' and account_type = ${AccountType.FUNDING}`)
  const retried = await pay(12, 'batch-poor')
  expect(retried.ret_code, retried.ret_msg).toBe(OrderRetCode.InsufficientBalance)
  // A sale's retry replays its answer.
  const i = answers.findIndex((a) => a.ret_code === 0)
  const replayed = await pay(i, `batch-order-${i}`)
  expect(replayed.result).toEqual(answers[i]!.result)
}

/**
 * A batch whose transaction fails as a whole (here a trigger refuses any insert of more than one
 * position at once, as a deadlock or a lost connection would end it): its orders then go alone,
 * each paid once and its rate counted once (at a limit of one order a minute, a second count
 * would have answered 315), and /health counts the batch undone.
 */
export async function payBatchUndoneScenario(): Promise<void> {
  // An app of its own: the rush's users and product are made afresh.
  const t = await createTestApp({ config: { PAY_ORDER_CONCURRENCY: 64 } })
  try {
    await undoneScenario(t)
  } finally {
    await t.close()
  }
}

async function undoneScenario(t: TestApp): Promise<void> {
  const users = 6
  const tokens = await prepareRush(t.db, {
    users,
    // Room for the second orders too: they are stopped by the rate limit, not by the quota.
    quotaOrders: 2 * users,
    readers: 0,
    sessionSecret: t.config.SESSION_SECRET,
    opensAt: new Date(Date.now() - 1000),
  })
  await writeSetting(t.db, 'order_rate_limit_per_minute', '1')
  await t.db.execute(sql`create function one_position_at_a_time() returns trigger
    language plpgsql as $$ begin
      if (select count(*) from added) > 1 then raise exception 'one position at a time'; end if;
      return null;
    end $$`)
  await t.db.execute(sql`create trigger one_position_at_a_time after insert on earn_positions
    referencing new table as added for each statement execute function one_position_at_a_time()`)
  try {
    const pay = (i: number, orderId: string) => payAs(t, tokens.buyers[i]!, orderId)
    const before = await payFigures(t)
    const first = await Promise.all(
      Array.from({ length: users }, (_, i) => pay(i, `undone-first-${i}`)),
    )
    const figures = await payFigures(t)
    console.log(
      `[pay batch undone] ${JSON.stringify(figures)}`,
      first.map((a) => a.ret_code),
    )
    expect(figures.undone - before.undone).toBeGreaterThanOrEqual(1)
    expect(first.map((a) => a.ret_code)).toEqual(Array(users).fill(0))
    const second = await Promise.all(
      Array.from({ length: users }, (_, i) => pay(i, `undone-second-${i}`)),
    )
    expect(second.map((a) => a.ret_code)).toEqual(Array(users).fill(OrderRetCode.RateLimit))
    const [state] = await queryRows<{ positions: number; remaining: string }>(
      t.db,
      sql`select
            (select count(*)::int from earn_positions where product_id = ${RUSH_PRODUCT_ID}) as positions,
            (select remaining_quota::text from products where id = ${RUSH_PRODUCT_ID}) as remaining`,
    )
    expect(state!.positions).toBe(users)
    expect(Number(state!.remaining)).toBe(users * Number(RUSH_ORDER_AMOUNT))
    const ledger = await checkLedger(t.db)
    expect(ledger.unbalanced).toEqual([])
    expect(ledger.drifted).toEqual([])
  } finally {
    await t.db.execute(sql`drop trigger one_position_at_a_time on earn_positions`)
    await t.db.execute(sql`drop function one_position_at_a_time()`)
  }
}

/**
 * After a batch leaves the quota with no room for another order, the orders that wait on the
 * product are told sold out without a transaction (no order row), and an order id placed
 * already is still answered as that order. The batcher is driven directly: through HTTP the
 * cards cache's memory (at most 200 ms stale) decides whether an order reaches it at all.
 */
export async function payBatchSoldOutScenario(): Promise<void> {
  // An app of its own: the rush's users and product are made afresh.
  const t = await createTestApp()
  try {
    await soldOutScenario(t)
  } finally {
    await t.close()
  }
}

async function soldOutScenario(t: TestApp): Promise<void> {
  const tokens = await prepareRush(t.db, {
    users: 8,
    quotaOrders: 2,
    readers: 0,
    sessionSecret: t.config.SESSION_SECRET,
    opensAt: new Date(t.clock.now().getTime() - 1000),
  })
  // A word on the quota that lasts the test: no timing of this machine decides the path.
  const batcher = new PayBatcher(t.db, { knownRemainingMs: 60_000 })
  const p = (await loadProduct(t.db, RUSH_PRODUCT_ID))!
  const settings = await readSettings(t.db)
  const users = await Promise.all(
    tokens.buyers.map(
      async (token) => (await userOfSession(t, sessionIdOf(token, t.config.SESSION_SECRET)))!,
    ),
  )
  let alone = 0
  const pay = (i: number, orderId: string, goAlone?: BatchedPay['alone']) =>
    batcher
      .submit({
        user: users[i]!,
        p,
        settings,
        order: {
          action: 'pay',
          clientOrderId: orderId,
          hash: `hash-${orderId}`,
          now: t.clock.now(),
          productId: p.id,
          productType: p.productType,
          coin: p.coin,
          amount: money(RUSH_ORDER_AMOUNT),
        },
        alone:
          goAlone ??
          (async () => {
            alone += 1
            throw new Error('not alone')
          }),
      })
      .then(
        (order) => ({ code: 0, order }),
        (err: unknown) => ({ code: err instanceof OrderError ? err.code : -1, order: undefined }),
      )

  // The first order on an idle product goes alone: held here (nothing written), so the next
  // four wait and go together. The quota has room for two of them.
  let release!: (o: EarnOrder) => void
  const held = pay(0, 'held', () => new Promise<EarnOrder>((resolve) => (release = resolve)))
  const together = [1, 2, 3, 4].map((i) => pay(i, `together-${i}`))
  release({} as EarnOrder)
  await held
  const batch = await Promise.all(together)
  expect(batch.map((a) => a.code).sort((a, b) => a - b)).toEqual([
    0,
    0,
    OrderRetCode.SoldOut,
    OrderRetCode.SoldOut,
  ])
  const before = batcher.figures()
  expect(before.batches).toBe(1)

  // Then three new orders and a retry of a sale: no batch, no transaction.
  const sale = [1, 2, 3, 4].find((i) => batch[i - 1]!.code === 0)!
  const after = await Promise.all([
    ...[5, 6, 7].map((i) => pay(i, `after-${i}`)),
    pay(sale, `together-${sale}`),
  ])
  const figures = batcher.figures()
  console.log(
    `[pay batch sold out] ${JSON.stringify(figures)}`,
    after.map((a) => a.code),
  )
  expect(after.slice(0, 3).map((a) => a.code)).toEqual(Array(3).fill(OrderRetCode.SoldOut))
  expect(after[3]!.code).toBe(0)
  expect(after[3]!.order).toEqual(batch[sale - 1]!.order)
  expect(figures.soldOut - before.soldOut).toBe(4)
  expect(figures.batches).toBe(before.batches)
  expect(alone).toBe(0)
  const rows = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from earn_orders where client_order_id like 'after-%'`,
  )
  expect(rows[0]!.n).toBe(0)
}

async function payAs(t: TestApp, token: string, orderId: string): Promise<Answer> {
  const res = await t.app.request(earnCallPath('pay-order'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', usertoken: token },
    body: JSON.stringify({
      order_id: orderId,
      product_id: RUSH_PRODUCT_ID,
      amount: RUSH_ORDER_AMOUNT,
    }),
  })
  return (await res.json()) as Answer
}

async function payFigures(t: TestApp): Promise<PayBatchFigures> {
  const health = (await (await t.app.request(`${API_PREFIX}/health`)).json()) as {
    result: { pay_orders: PayBatchFigures }
  }
  return health.result.pay_orders
}
