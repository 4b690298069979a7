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
import { orderToWire, refusalResponse, orderValues, type IdempotentOrder } from './idempotency'
import { stakeMovesSql, type BatchMove } from './ledger'
import { money, type Money } from './money'
import {
  assertAmount,
  assertPendingRoom,
  assertSubscribable,
  holdingAndPendingColumns,
} from './order-checks'
import { OrderError, OrderRetCode, orderError } from './order-errors'
import type { EarnSettings } from './settings'
import { newPositionValues } from './subscription'

// A batch of pay-orders' one transaction (issue 28): the statements PayBatcher (order-batch.ts)
// sends for the orders that arrived together on one product, each refused or accepted as it
// would be alone.

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
