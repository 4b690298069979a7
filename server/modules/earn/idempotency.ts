import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { OrderStatus } from '../../../contract/enums'
import type { Database } from '../../db/client'
import { earnOrders } from '../../db/schema'
import type { CurrentUser } from '../../http/auth'
import { OrderRetCode, orderError, OrderError } from './order-errors'
import { toFixedLedger, type Executor, type Money, type Tx } from './money'

export type OrderRow = typeof earnOrders.$inferSelect

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
  /**
   * The transaction's last statement, after the order row is written: for a lock on a row that
   * every order shares (a product's quota), held from here to the commit only. An OrderError
   * thrown here undoes the work and records the refusal like any other.
   */
  last?: (tx: Tx) => Promise<void>
}

/**
 * Runs a state-changing order once per (user, client order id). The order row is inserted
 * first: a concurrent duplicate waits on its unique key and then replays the stored answer;
 * a refusal with an order code is recorded too, so a retry gets the same refusal.
 */
export async function runIdempotent<T>(
  db: Database,
  user: CurrentUser,
  order: IdempotentOrder,
  work: (tx: Tx, row: OrderRow) => Promise<WorkResult<T>>,
  replay: (row: OrderRow) => T = (row) => row.response as T,
): Promise<T> {
  const outcome = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(earnOrders)
      .values({
        id: newId('ord'),
        userId: user.id,
        clientOrderId: order.clientOrderId,
        action: order.action,
        requestHash: order.hash,
        productId: order.productId ?? null,
        productType: order.productType ?? null,
        coin: order.coin ?? null,
        amount: order.amount ? toFixedLedger(order.amount) : null,
        status: OrderStatus.InProgress,
        createdAt: order.now,
        updatedAt: order.now,
      })
      .onConflictDoNothing()
      .returning()
    if (!inserted) {
      const existing = await findOrder(tx, user.id, order.clientOrderId)
      return { kind: 'existing' as const, row: existing! }
    }
    try {
      const done = await tx.transaction(async (inner) => {
        const result = await work(inner, inserted)
        const [row] = await inner
          .update(earnOrders)
          .set({
            status: result.status,
            positionId: result.positionId ?? null,
            response: result.response as object,
            updatedAt: order.now,
          })
          .where(eq(earnOrders.id, inserted.id))
          .returning()
        await result.last?.(inner)
        return { row: row!, response: result.response }
      })
      return { kind: 'done' as const, ...done }
    } catch (err) {
      if (!(err instanceof OrderError)) throw err
      await tx
        .update(earnOrders)
        .set({
          status: OrderStatus.Failed,
          failCode: err.code,
          response: { message: err.message, ...(err.extCode ? { ext_code: err.extCode } : {}) },
          updatedAt: order.now,
        })
        .where(eq(earnOrders.id, inserted.id))
      await tx.execute(sql`
        delete from earn_orders where id in (
          select id from earn_orders where user_id = ${user.id} and status = ${OrderStatus.Failed}
          order by created_at desc, id desc offset ${FAILED_ORDERS_KEPT})`)
      return { kind: 'refused' as const, error: err }
    }
  })
  if (outcome.kind === 'refused') throw outcome.error
  if (outcome.kind === 'done') return outcome.response
  const row = outcome.row
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
