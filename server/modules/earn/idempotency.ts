import { randomBytes } from 'node:crypto'
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm'
import type { EarnOrder } from '../../../contract/earn-order.schema'
import { OrderStatus, type ProductType } from '../../../contract/enums'
import type { Database } from '../../db/client'
import { earnOrders } from '../../db/schema'
import type { CurrentUser } from '../../http/auth'
import { OrderRetCode, orderError, OrderError } from './order-errors'
import { notifyCalls, type EarnEvent } from './events'
import { toFixedLedger, toUnix, trimDecimal, type Executor, type Money, type Tx } from './money'
import { rowsOf } from '../../db/rows'
import { ReadTogether } from '../../db/read-together'

export type OrderRow = typeof earnOrders.$inferSelect

/** An order's row as the wire's EarnOrder (pay-order's answer, get-order-detail). */
export function orderToWire(row: OrderRow): EarnOrder {
  return {
    order_id: row.clientOrderId,
    product_id: row.productId ?? '',
    product_type: (row.productType ?? 0) as ProductType,
    coin: row.coin ?? '',
    amount: trimDecimal(row.amount ?? '0'),
    status: row.status as EarnOrder['status'],
    fail_code: row.failCode,
    position_id: row.positionId,
    created_at: toUnix(row.createdAt),
    updated_at: toUnix(row.updatedAt),
  }
}

export const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`

/** The user's order under this client order id, if any. */
export async function findOrder(
  db: Executor,
  userId: number,
  clientOrderId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(earnOrders)
    .where(and(eq(earnOrders.userId, userId), eq(earnOrders.clientOrderId, clientOrderId)))
  return row
}

/**
 * findOrder, read together with the others asked meanwhile (server/db/read-together.ts): a
 * launch's sold-out answers each ask whether their order id is known (a retry of a placed order
 * is replayed, not told 302), a thousand of them within a second (issue 28).
 */
export function findOrderTogether(
  db: Database,
  userId: number,
  clientOrderId: string,
): Promise<OrderRow | undefined> {
  let reads = orderReads.get(db)
  if (!reads) {
    reads = new ReadTogether(
      async (keys: OrderKey[]) => {
        const rows = await db
          .select()
          .from(earnOrders)
          .where(
            sql`(${earnOrders.userId}, ${earnOrders.clientOrderId}) in (select * from unnest(
              ${sql.param(keys.map((k) => k.userId))}::integer[],
              ${sql.param(keys.map((k) => k.clientOrderId))}::text[]))`,
          )
        return new Map(rows.map((r) => [`${r.userId}|${r.clientOrderId}`, r]))
      },
      (k) => `${k.userId}|${k.clientOrderId}`,
      { inFlight: 2, max: 256 },
    )
    orderReads.set(db, reads)
  }
  return reads.read({ userId, clientOrderId }, () => undefined)
}

type OrderKey = { userId: number; clientOrderId: string }
const orderReads = new WeakMap<Database, ReadTogether<OrderKey, OrderRow, undefined>>()

export type IdempotentOrder = {
  action: 'pay' | 'redeem' | 'claim' | 'liquidity'
  clientOrderId: string
  hash: string
  now: Date
  productId?: string | null
  productType?: number | null
  coin?: string | null
  amount?: Money | null
}

/**
 * Refused orders a user keeps (a retry of one replays its refusal); older refusals are deleted
 * as new ones are recorded, so a stream of refused calls cannot grow earn_orders without bound.
 */
export const FAILED_ORDERS_KEPT = 100

export type WorkResult<T> = {
  status: OrderStatus
  response: T
  positionId?: string | null
  /** A take on a row every order shares, in the order's last statement (LastTake). */
  last?: LastTake
  /** Pushes sent with the order's final state (NOTIFY: delivered only if it commits). */
  events?: EarnEvent[]
  /**
   * Writes that ride on the order's last statement, before its final state and its last take:
   * CTEs (`name as (…)`, names unique in the statement), each with an optional check, a value
   * that is null when the write did not take and the refusal to throw then (a posting's debit
   * that would overdraw).
   */
  writes?: OrderWrite[]
  /**
   * Values the order's last statement reads beside its writes (named columns), as of that
   * statement's start, and the checks to run on them before anything else of its answer: a
   * refusal they throw undoes the statement's writes with the transaction (issue 28).
   */
  readings?: { columns: SQL[]; verify: (row: Record<string, unknown>) => void }
}

export type OrderCheck = { value: SQL; refusal: () => Error }
export type OrderWrite = { ctes: SQL; check?: OrderCheck }

/**
 * A conditional update of a row that every order shares (a product's quota), returning a row
 * when it took. It runs in the order's last statement, after the order's other writes took
 * (`after`, a condition for its where), so that row's lock is held from there to the commit
 * only; when it takes nothing, `ifNone` throws the refusal (an OrderError), which undoes the
 * work and is recorded like any other.
 */
export type LastTake = { statement: (after: SQL) => SQL; ifNone: (tx: Tx) => Promise<never> }

/**
 * The order's writes, its row's final state, its pushes and its last take in one statement (one
 * round trip where they were five for a pay-order: issue 28).
 */
async function finish<T>(tx: Tx, finished: SQL, result: WorkResult<T>): Promise<void> {
  const { last, events = [], writes = [], readings } = result
  if (!last && !events.length && !writes.length && !readings)
    return void (await tx.execute(finished))
  const checks = writes.flatMap((w) => (w.check ? [w.check] : []))
  const row = await runWrites(
    tx,
    [
      ...writes.map((w) => w.ctes),
      sql`finished as (${finished})`,
      ...(last ? [sql`taken as (${last.statement(tookAll(checks))})`] : []),
    ],
    checks,
    [
      ...(last ? [sql`(select count(*) from taken)::integer as taken`] : []),
      ...(events.length ? [notifyCalls(events)] : []),
      ...(readings?.columns ?? []),
    ],
    readings?.verify,
  )
  if (last && !row.taken) await last.ifNone(tx)
}

/** Order writes run now, in one statement (for a step that must come before others). */
export async function writeNow(tx: Tx, writes: OrderWrite[]): Promise<void> {
  if (!writes.length) return
  await runWrites(
    tx,
    writes.map((w) => w.ctes),
    writes.flatMap((w) => (w.check ? [w.check] : [])),
    [],
  )
}

const tookAll = (checks: OrderCheck[]) =>
  checks.length
    ? sql.join(
        checks.map((c) => sql`${c.value} is not null`),
        sql` and `,
      )
    : sql`true`

/**
 * One statement of CTEs; `verify` sees its row first, then the refusal of the first check whose
 * value is null is thrown.
 */
async function runWrites(
  tx: Tx,
  ctes: SQL[],
  checks: OrderCheck[],
  columns: SQL[],
  verify?: (row: Record<string, unknown>) => void,
): Promise<Record<string, unknown>> {
  const selected = [...checks.map((c, i) => sql`${c.value} as ${sql.raw(`w${i}`)}`), ...columns]
  const [row = {}] = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      with ${sql.join(ctes, sql`, `)}
      select ${selected.length ? sql.join(selected, sql`, `) : sql`1`}`),
  )
  verify?.(row)
  checks.forEach((c, i) => {
    if (row[`w${i}`] === null || row[`w${i}`] === undefined) throw c.refusal()
  })
  return row
}

/**
 * Runs a state-changing order once per (user, client order id). The order row is inserted
 * first: a concurrent duplicate waits on its unique key and then replays the stored answer.
 * A refusal with an order code undoes the whole transaction and is then recorded on its own
 * (recordRefusal), so a retry gets the same refusal; the success path pays no savepoint for it
 * (two round trips fewer per order, issue 28).
 */
export async function runIdempotent<T>(
  db: Database,
  user: CurrentUser,
  order: IdempotentOrder,
  work: (tx: Tx, row: OrderRow, locked: string | null) => Promise<WorkResult<T>>,
  replay: (row: OrderRow) => T = (row) => row.response as T,
  lockWithInsert?: SQL<string | null>,
): Promise<T> {
  let outcome: { kind: 'done'; response: T } | { kind: 'existing'; row: OrderRow }
  try {
    outcome = await db.transaction(async (tx) => {
      // `lockWithInsert` (a scalar `select … for update`) runs in the insert's returning, so only
      // once the row took, and in the same round trip (issue 28).
      const [returned] = await tx
        .insert(earnOrders)
        .values(orderValues(user, order, { status: OrderStatus.InProgress }))
        .onConflictDoNothing()
        .returning({
          ...getTableColumns(earnOrders),
          locked: lockWithInsert ?? sql<string | null>`null`,
        })
      if (!returned) {
        const existing = await findOrder(tx, user.id, order.clientOrderId)
        return { kind: 'existing' as const, row: existing! }
      }
      const { locked, ...inserted } = returned
      const result = await work(tx, inserted, locked)
      const finished = tx
        .update(earnOrders)
        .set({
          status: result.status,
          positionId: result.positionId ?? null,
          response: result.response as object,
          updatedAt: order.now,
        })
        .where(eq(earnOrders.id, inserted.id))
      await finish(tx, finished.getSQL(), result)
      return { kind: 'done' as const, response: result.response }
    })
  } catch (err) {
    if (!(err instanceof OrderError)) throw err
    // Nothing of the work stayed: the refusal alone is recorded under the order id. A duplicate
    // that took the id meanwhile (it waited on this one's row) is what the id answers now.
    const existing = await recordRefusal(db, user, order, err)
    if (!existing) throw err
    outcome = { kind: 'existing', row: existing }
  }
  if (outcome.kind === 'done') return outcome.response
  return answerOfExisting(outcome.row, order, replay)
}

/**
 * What a call answers when its order id was already taken: 344 for another request under it,
 * the stored refusal again, or the stored answer (replay).
 */
export function answerOfExisting<T>(
  row: OrderRow,
  order: IdempotentOrder,
  replay: (row: OrderRow) => T,
): T {
  if (row.requestHash !== order.hash || row.action !== order.action) {
    throw orderError(
      OrderRetCode.OrderConflict,
      'this order id was already used with a different request',
    )
  }
  if (row.failCode) {
    const { message, ext_code } = (row.response ?? {}) as { message?: string; ext_code?: string }
    throw orderError(row.failCode as OrderRetCode, message, ext_code)
  }
  return replay(row)
}

export function orderValues(
  user: CurrentUser,
  order: IdempotentOrder,
  state: Pick<OrderRow, 'status'> & Partial<Pick<OrderRow, 'failCode' | 'response'>>,
) {
  return {
    id: newId('ord'),
    userId: user.id,
    clientOrderId: order.clientOrderId,
    action: order.action,
    requestHash: order.hash,
    productId: order.productId ?? null,
    productType: order.productType ?? null,
    coin: order.coin ?? null,
    amount: order.amount ? toFixedLedger(order.amount) : null,
    createdAt: order.now,
    updatedAt: order.now,
    ...state,
  }
}

/** What a refused order's row keeps as its answer (replayed to a retry by answerOfExisting). */
export const refusalResponse = (err: OrderError) => ({
  message: err.message,
  ...(err.extCode ? { ext_code: err.extCode } : {}),
})

/**
 * Records a refused order (failed, with its code and message); older refusals of the user beyond
 * FAILED_ORDERS_KEPT are deleted. Returns the row already under this id instead, if another call
 * took it first.
 */
async function recordRefusal(
  db: Database,
  user: CurrentUser,
  order: IdempotentOrder,
  err: OrderError,
): Promise<OrderRow | undefined> {
  const response = refusalResponse(err)
  const [recorded] = await db
    .insert(earnOrders)
    .values(orderValues(user, order, { status: OrderStatus.Failed, failCode: err.code, response }))
    .onConflictDoNothing()
    .returning({ id: earnOrders.id })
  if (!recorded) return findOrder(db, user.id, order.clientOrderId)
  await forgetOldRefusals(db, [user.id])
  return undefined
}

/** Deletes each user's refused orders beyond the newest FAILED_ORDERS_KEPT. */
export async function forgetOldRefusals(db: Executor, userIds: number[]): Promise<void> {
  if (!userIds.length) return
  await db.execute(sql`
    delete from earn_orders where id in (
      select id from (
        select id, row_number() over (partition by user_id order by created_at desc, id desc) as n
        from earn_orders
        where user_id in (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and status = ${OrderStatus.Failed}
      ) as refused where n > ${FAILED_ORDERS_KEPT})`)
}
