import { getTableColumns, sql, type SQL } from 'drizzle-orm'
import type { EarnOrder } from '../../../contract/earn-order.schema'
import { AccountType, OrderStatus, WalletRecordType } from '../../../contract/enums'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { earnAccounts, earnOrders, earnPositions } from '../../db/schema'
import type { CurrentUser } from '../../http/auth'
import { loadProduct, type ProductRow } from './catalogue'
import type { EarnEvent } from './events'
import { notifyCalls } from './events'
import {
  answerOfExisting,
  findOrderTogether,
  forgetOldRefusals,
  orderToWire,
  refusalResponse,
  orderValues,
  type IdempotentOrder,
} from './idempotency'
import { stakeMovesSql, type BatchMove } from './ledger'
import { money, type Money } from './money'
import {
  assertAmount,
  assertPendingRoom,
  assertSubscribable,
  countOrderRates,
  holdingAndPendingColumns,
} from './order-checks'
import { OrderError, OrderRetCode, orderError } from './order-errors'
import { CARDS_CACHE_REREAD_MS } from './product-cards-cache'
import { Turns } from './turns'
import type { EarnSettings } from './settings'
import { newPositionValues } from './subscription'

// Pay-orders in batches (issue 28). In a launch rush every order on a product waits for the one
// before it (the quota's row), and each order paid for its own transaction: five statements, each
// a write to PostgreSQL's socket and a wake-up of its backend, which is where a warm server's CPU
// went (docs/performance.md, Runs Z and AA). The batcher lets one transaction per product run at
// a time; the orders that arrive while it runs wait and go together in the next one: their rows
// in one insert (each user's FUNDING row locked with it, in user order), their holdings and the
// product's row in one read, then in one statement every position, posting, final state, push
// and the quota's take. Five statements a batch instead of five an order. An order alone (no
// rush) goes the way it always went (payOrder's runIdempotent); so does a batch that fails as a
// whole (each of its orders then alone, one after another).
//
// A batch's transaction holds the product's row, so it knows the quota it leaves. For
// KNOWN_REMAINING_MS after, an order on that product for more than that is answered sold out
// without a transaction (a replay of an order already placed under its id is still answered
// as that order), as payOrder answers one whose product in memory has no room: in a launch
// rush, half the buyers come after the quota is gone, and each would otherwise take a place in
// a batch (its order row, its balance locked, its refusal recorded) to be told 302.

/**
 * How long a batch's word on the quota it left answers the orders after it: as long as
 * payOrder's own memory of a product may be stale (the cards cache's reread).
 */
export const KNOWN_REMAINING_MS = CARDS_CACHE_REREAD_MS

/**
 * A batch's answers (and the sold-out ones after it) given in one turn of the event loop; the
 * rest in the next turns (turns.ts): a batch of 32, or the 500 told sold out at the quota's
 * end, answered at once held every other user's read behind them.
 */
export const ANSWERS_A_TURN = 4

/** Orders in one batch at most (each user at most once: a user's second order waits for the next). */
export const PAY_BATCH_MAX = 32

/** One pay-order as payOrder has checked it before its transaction. */
export type BatchedPay = {
  user: CurrentUser
  order: IdempotentOrder & { amount: Money }
  p: ProductRow
  settings: EarnSettings
  /**
   * Answers the order alone (the path a batch of one, or a failed batch, takes): its rate count
   * first unless the batch counted it (`counted`).
   */
  alone: (counted: boolean) => Promise<EarnOrder>
}

/** What the batcher did since the server started (/health's `pay_orders`, docs/operations.md). */
export type PayBatchFigures = {
  /** Orders that went alone (nothing else waited on their product). */
  alone: number
  /** Orders that went in a batch, in how many batches, and the largest. */
  batched: number
  batches: number
  largest: number
  /** Batches undone as a whole (their orders then went alone). */
  undone: number
  /**
   * Orders answered from a batch's word on the quota, without a transaction: sold out, or (an id
   * already placed) as that order.
   */
  soldOut: number
}

type Waiting = BatchedPay & { resolve: (o: EarnOrder) => void; reject: (e: unknown) => void }

export class PayBatcher {
  readonly #db: Database
  readonly #products = new Map<string, { waiting: Waiting[]; running: boolean }>()
  /** The quota each product's last batch left, and when (KNOWN_REMAINING_MS). */
  readonly #remaining = new Map<string, { quota: Money; at: number }>()
  readonly #figures: PayBatchFigures = {
    alone: 0,
    batched: 0,
    batches: 0,
    largest: 0,
    undone: 0,
    soldOut: 0,
  }

  readonly #knownRemainingMs: number
  readonly #answers = new Turns(ANSWERS_A_TURN)

  constructor(db: Database, options: { knownRemainingMs?: number } = {}) {
    this.#db = db
    this.#knownRemainingMs = options.knownRemainingMs ?? KNOWN_REMAINING_MS
  }

  figures(): PayBatchFigures {
    return { ...this.#figures }
  }

  /** The order's answer: alone when nothing else waits on its product, else in a batch. */
  submit(pay: BatchedPay): Promise<EarnOrder> {
    return new Promise<EarnOrder>((resolve, reject) => {
      const key = pay.p.id
      const queue = this.#products.get(key) ?? { waiting: [], running: false }
      this.#products.set(key, queue)
      queue.waiting.push({ ...pay, resolve, reject })
      this.#next(key)
    })
  }

  #next(key: string): void {
    const queue = this.#products.get(key)
    if (!queue || queue.running) return
    this.#answerSoldOut(key, queue)
    if (!queue.waiting.length) return void this.#products.delete(key)
    const batch: Waiting[] = []
    const rest: Waiting[] = []
    const users = new Set<number>()
    for (const w of queue.waiting) {
      if (batch.length < PAY_BATCH_MAX && !users.has(w.user.id)) {
        users.add(w.user.id)
        batch.push(w)
      } else rest.push(w)
    }
    queue.waiting = rest
    queue.running = true
    const f = this.#figures
    if (batch.length === 1) f.alone += 1
    else {
      f.batches += 1
      f.batched += batch.length
      f.largest = Math.max(f.largest, batch.length)
    }
    const run = batch.length === 1 ? alone(batch, false) : this.#together(key, batch)
    void run.finally(() => {
      queue.running = false
      this.#next(key)
    })
  }

  /** The waiting orders the last batch's quota has no room for: told sold out, no transaction. */
  #answerSoldOut(key: string, queue: { waiting: Waiting[] }): void {
    const known = this.#remaining.get(key)
    if (!known) return
    if (Date.now() - known.at > this.#knownRemainingMs) return void this.#remaining.delete(key)
    const room: Waiting[] = []
    for (const w of queue.waiting) {
      if (!w.order.amount.gt(known.quota)) room.push(w)
      else {
        this.#figures.soldOut += 1
        void settle(w, () => soldOutAnswer(this.#db, w, this.#answers))
      }
    }
    queue.waiting = room
  }

  async #together(key: string, waiting: Waiting[]): Promise<void> {
    // The batch's rate counts in one statement (each order's own count, as alone); who is over
    // the limit is answered 315 and goes no further.
    let letIn: boolean[]
    try {
      letIn = await countOrderRates(
        this.#db,
        'pay',
        waiting.map((w) => ({
          user: w.user,
          clientOrderId: w.order.clientOrderId,
          settings: w.settings,
        })),
        waiting.at(-1)!.order.now,
      )
    } catch {
      this.#figures.undone += 1
      return alone(waiting, false)
    }
    const batch = waiting.filter((w, i) => {
      if (!letIn[i]) w.reject(orderError(OrderRetCode.RateLimit))
      return letIn[i]
    })
    if (batch.length <= 1) return alone(batch, true)
    let outcomes: Outcome[]
    let refusedUsers: number[]
    try {
      let remaining: Money | undefined
      ;({ outcomes, refusedUsers, remaining } = await payBatch(this.#db, batch))
      if (remaining) this.#remaining.set(key, { quota: remaining, at: Date.now() })
    } catch {
      this.#figures.undone += 1
      // The batch's transaction undid itself: each order goes alone, which answers it as it
      // would have been answered without a rush (a deadlock, a lost connection: the order's own
      // error).
      return alone(batch, true)
    }
    batch.forEach((w, i) => {
      const o = outcomes[i]!
      void this.#answers.wait().then(() => {
        if (o.kind === 'done') w.resolve(o.order)
        else if (o.kind === 'refused') w.reject(o.error)
        else void settle(w, () => existingAnswer(this.#db, w))
      })
    })
    // Committed: the answers stand whatever happens to the tidying after them (the next refusal
    // of these users tidies again).
    await forgetOldRefusals(this.#db, refusedUsers).catch(() => undefined)
  }
}

const settle = (w: Waiting, answer: () => Promise<EarnOrder>) => answer().then(w.resolve, w.reject)

async function alone(batch: Waiting[], counted: boolean): Promise<void> {
  for (const w of batch) await settle(w, () => w.alone(counted))
}

/**
 * An order the quota has no room for: sold out, unless its id was taken already (then that
 * order's answer, as payOrder replays one).
 */
async function soldOutAnswer(db: Database, w: Waiting, answers: Turns): Promise<EarnOrder> {
  const row = await findOrderTogether(db, w.user.id, w.order.clientOrderId)
  // The reads asked together come back together: their answers a few a turn.
  await answers.wait()
  if (!row) throw orderError(OrderRetCode.SoldOut)
  return answerOfExisting(row, w.order, orderToWire)
}

/** An order whose id was taken already (a retry, or a duplicate on the other server). */
async function existingAnswer(db: Database, w: Waiting): Promise<EarnOrder> {
  const row = await findOrderTogether(db, w.user.id, w.order.clientOrderId)
  // Taken and then undone meanwhile (a refused order's rows go with its transaction): alone.
  if (!row) return w.alone(true)
  return answerOfExisting(row, w.order, orderToWire)
}

export type Outcome =
  { kind: 'done'; order: EarnOrder } | { kind: 'refused'; error: OrderError } | { kind: 'existing' }

/** Thrown inside the batch's transaction to undo it; its orders then go alone. */
class BatchUndone extends Error {}

/**
 * One transaction for the batch (all on one product, each user once). Its refusals are the ones
 * each order alone would get, checked in the same order: the product as read before (memory), the
 * balance, the amount with the holding, orders in progress, then the quota in arrival order
 * (an order the quota left cannot take is refused 302 and the ones after it may still fit).
 */
export async function payBatch(
  db: Database,
  batch: BatchedPay[],
): Promise<{ outcomes: Outcome[]; refusedUsers: number[]; remaining?: Money }> {
  const p = batch[0]!.p
  const outcomes: Outcome[] = batch.map(() => ({ kind: 'existing' }))
  const refusedUsers: number[] = []
  // The quota the batch leaves, read with the product's row locked (undefined: not read).
  let left: Money | undefined
  await db.transaction(async (tx) => {
    // The order rows, each user's FUNDING row locked with its row, in user order (one lock order
    // with every other writer of these rows: postingSql).
    const inUserOrder = [...batch].sort((a, b) => a.user.id - b.user.id)
    const inserted = await tx
      .insert(earnOrders)
      .values(
        inUserOrder.map((b) => orderValues(b.user, b.order, { status: OrderStatus.InProgress })),
      )
      .onConflictDoNothing()
      .returning({
        ...getTableColumns(earnOrders),
        locked: sql<string | null>`(select a.balance from ${earnAccounts} a
          where a.user_id = earn_orders.user_id and a.coin = ${p.coin}
            and a.account_type = ${AccountType.FUNDING} for update)`,
      })
    const rowOf = new Map(inserted.map((r) => [r.userId, r]))
    const mine = batch.filter((b) => rowOf.has(b.user.id))
    if (!mine.length) return

    // Their holdings of the product and orders in progress, and the product's row, locked: from
    // here to the commit the quota is this batch's (the orders alone hold it one statement less,
    // but for a whole batch).
    const read = rowsOf<{
      user_id: number
      holding: string | null
      pending: number
      remaining: string | null
      open: boolean | null
    }>(
      await tx.execute(sql`
        with product as (
          select remaining_quota, offline, subscribe_start_at, subscribe_end_at
          from products where id = ${p.id} for update
        )
        select v.user_id,
          ${sql.join(holdingAndPendingColumns(sql`v.user_id`, p.id, sql`v.order_id`), sql`, `)},
          product.remaining_quota::text as remaining,
          (product.offline = 0 and product.subscribe_start_at <= v.at
            and (product.subscribe_end_at is null or product.subscribe_end_at > v.at)) as open
        from (values ${sql.join(
          mine.map(
            (b) =>
              sql`(${b.user.id}::integer, ${rowOf.get(b.user.id)!.id}::text, ${b.order.now.toISOString()}::timestamptz)`,
          ),
          sql`, `,
        )}) as v (user_id, order_id, at)
        left join product on true`),
    )
    const readOf = new Map(read.map((r) => [Number(r.user_id), r]))

    let remaining = money(read[0]?.remaining ?? 0)
    let accepted = 0
    const finals: SQL[] = []
    const positions: ReturnType<typeof newPositionValues>[] = []
    const moves: BatchMove[] = []
    const events: EarnEvent[] = []
    let fresh: ProductRow | undefined
    for (const [i, b] of batch.entries()) {
      const row = rowOf.get(b.user.id)
      if (!row) continue
      const { locked: _locked, ...orderRow } = row
      const r = readOf.get(b.user.id)!
      const { amount, now } = b.order
      try {
        assertSubscribable(p, b.user, now)
        assertAmount(p, amount, money(r.holding ?? 0), b.settings)
        if (money(row.locked ?? 0).lt(amount)) throw orderError(OrderRetCode.InsufficientBalance)
        assertPendingRoom(Number(r.pending), b.settings)
        if (!r.open || remaining.lt(amount)) {
          fresh ??= await loadProduct(tx, p.id)
          if (fresh) assertSubscribable(fresh, b.user, now)
          throw orderError(OrderRetCode.SoldOut)
        }
      } catch (err) {
        // Anything but a refusal (a bug, a database error) undoes the batch.
        if (!(err instanceof OrderError)) throw new BatchUndone(String(err))
        outcomes[i] = { kind: 'refused', error: err }
        refusedUsers.push(b.user.id)
        finals.push(
          finalRow(orderRow.id, OrderStatus.Failed, null, refusalResponse(err), err.code, now),
        )
        continue
      }
      remaining = remaining.minus(amount)
      const position = newPositionValues({
        p,
        user: b.user,
        amount,
        now,
        leverage: money(1),
        boost: null,
      })
      positions.push(position)
      moves.push({
        userId: b.user.id,
        orderId: b.order.clientOrderId,
        positionId: position.id,
        amount,
      })
      const wire = orderToWire({
        ...orderRow,
        status: OrderStatus.Success,
        positionId: position.id,
        updatedAt: now,
      })
      finals.push(finalRow(orderRow.id, OrderStatus.Success, position.id, wire, 0, now))
      accepted += 1
      events.push(
        {
          user_id: b.user.id,
          topic: 'user.order',
          data: { order_id: b.order.clientOrderId, status: OrderStatus.Success, product_id: p.id },
        },
        {
          user_id: b.user.id,
          topic: 'user.position',
          data: { position_id: position.id, product_id: p.id, event: 'subscribed' },
        },
      )
      outcomes[i] = { kind: 'done', order: wire }
    }

    // One statement: positions, postings with their balances, every order's final state, the
    // quota's take (the product row is this batch's: the take is what the loop above counted)
    // and the pushes (NOTIFY: delivered only if it commits).
    const taken = money(read[0]?.remaining ?? 0).minus(remaining)
    const at = batch.at(-1)!.order.now
    const writes = accepted
      ? stakeMovesSql({
          kind: WalletRecordType.Stake,
          coin: p.coin,
          from: AccountType.FUNDING,
          to: AccountType.EARN,
          at,
          productId: p.id,
          productType: p.productType,
          moves,
        })
      : undefined
    const ctes = [
      ...(positions.length
        ? [sql`batch_positions as (${tx.insert(earnPositions).values(positions).getSQL()})`]
        : []),
      ...(writes ? [writes.ctes] : []),
      sql`batch_finished as (
        update ${earnOrders} o set status = v.status, position_id = v.position_id,
          response = v.response, fail_code = v.fail_code, updated_at = v.updated_at
        from (values ${sql.join(finals, sql`, `)})
          as v (id, status, position_id, response, fail_code, updated_at)
        where o.id = v.id
        returning 1
      )`,
      ...(taken.gt(0)
        ? [
            sql`batch_taken as (
              update products set remaining_quota = remaining_quota - ${taken.toFixed()}::numeric
              where id = ${p.id} and remaining_quota >= ${taken.toFixed()}::numeric
              returning 1
            )`,
          ]
        : []),
    ]
    const [done] = rowsOf<{ debited: number; finished: number; taken: number }>(
      await tx.execute(sql`
        with ${sql.join(ctes, sql`, `)}
        select ${writes ? writes.debited : sql`0`} as debited,
          (select count(*) from batch_finished)::integer as finished,
          ${taken.gt(0) ? sql`(select count(*) from batch_taken)::integer` : sql`1`} as taken
          ${events.length ? sql`, ${notifyCalls(events)}` : sql``}`),
    )
    if (
      Number(done?.debited) !== accepted ||
      Number(done?.finished) !== finals.length ||
      Number(done?.taken) !== 1
    )
      throw new BatchUndone('a write of the batch did not take')
    if (read[0]?.remaining != null) left = remaining
  })
  return { outcomes, refusedUsers, remaining: left }
}

const finalRow = (
  id: string,
  status: OrderStatus,
  positionId: string | null,
  response: unknown,
  failCode: number,
  at: Date,
) =>
  sql`(${id}::text, ${status}::text, ${positionId}::text, ${JSON.stringify(response)}::jsonb, ${failCode}::integer, ${at.toISOString()}::timestamptz)`
