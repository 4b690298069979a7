import { and, eq, sql } from 'drizzle-orm'
import type { EarnOrder } from '../../../contract/earn-order.schema'
import {
  AccountType,
  LiquidityPositionStatus,
  OrderStatus,
  PositionStatus,
  WalletRecordType,
} from '../../../contract/enums'
import { earnOrders, earnPositions, products } from '../../db/schema'
import type { CurrentUser } from '../../http/auth'
import { notifyEarnEvent } from './events'
import type { OrderRow } from './idempotency'
import { moveEntries, post } from './ledger'
import { money, type Tx } from './money'
import { guardWrite, type EarnDeps } from './order-checks'
import { OrderRetCode, orderError } from './order-errors'
import { orderToWire } from './idempotency'

// An order left in progress (a liquidity add waits for its pool): confirm-order, and the jobs
// that finish it.

/** confirm-order: the order's final state; an in-progress liquidity add becomes effective. */
export async function confirmOrder(
  deps: EarnDeps,
  user: CurrentUser,
  clientOrderId: string,
): Promise<{ order: EarnOrder }> {
  const { db, clock } = deps
  await guardWrite(db, user)
  const now = clock.now()
  const row = await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(earnOrders)
      .where(
        and(
          eq(earnOrders.userId, user.id),
          eq(earnOrders.clientOrderId, clientOrderId),
          eq(earnOrders.action, 'pay'),
        ),
      )
      .for('update')
    if (!order) throw orderError(OrderRetCode.OrderNotFound, 'order not found')
    if (order.status !== OrderStatus.InProgress) return order
    return finishPendingOrder(tx, order, now)
  })
  return { order: orderToWire(row) }
}

/** inprogress → success (position Effective), or failed with a refund when the pool went offline. */
export async function finishPendingOrder(tx: Tx, order: OrderRow, now: Date): Promise<OrderRow> {
  const [p] = await tx
    .select()
    .from(products)
    .where(eq(products.id, order.productId ?? ''))
  const [position] = await tx
    .select()
    .from(earnPositions)
    .where(eq(earnPositions.id, order.positionId ?? ''))
    .for('update')
  let status: OrderStatus = OrderStatus.Success
  let failCode = 0
  if (!p || p.offline || !position) {
    status = OrderStatus.Failed
    failCode = OrderRetCode.NotEligible
    if (position && position.status === PositionStatus.Active) {
      const amount = money(position.principal)
      await post(tx, {
        userId: order.userId,
        kind: WalletRecordType.LiquidityRemove,
        coin: position.coin,
        amount,
        at: now,
        productId: position.productId,
        productType: position.productType,
        orderId: order.clientOrderId,
        positionId: position.id,
        entries: moveEntries(
          order.userId,
          position.coin,
          AccountType.EARN,
          AccountType.FUNDING,
          amount,
        ),
      })
      await tx
        .update(earnPositions)
        .set({
          principal: '0',
          status: PositionStatus.Redeemed,
          closedAt: now,
          liquidityStatus: null,
        })
        .where(eq(earnPositions.id, position.id))
      await tx.execute(
        sql`update products set remaining_quota = remaining_quota + ${amount.toFixed()}::numeric where id = ${position.productId}`,
      )
    }
  } else if (position.liquidityStatus === LiquidityPositionStatus.AddPending) {
    await tx
      .update(earnPositions)
      .set({ liquidityStatus: LiquidityPositionStatus.Effective })
      .where(eq(earnPositions.id, position.id))
  }
  const [row] = await tx
    .update(earnOrders)
    .set({ status, failCode, updatedAt: now })
    .where(eq(earnOrders.id, order.id))
    .returning()
  await notifyEarnEvent(tx, {
    user_id: order.userId,
    topic: 'user.order',
    data: { order_id: order.clientOrderId, status, product_id: order.productId },
  })
  return row!
}
