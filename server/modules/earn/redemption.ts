import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type {
  ClaimYieldRequest,
  ClaimYieldResponse,
  RedeemRequest,
  RedeemResponse,
} from '../../../contract/earn-order.schema'
import {
  AccountType,
  LiquidityPositionStatus,
  OrderStatus,
  PositionStatus,
  VoucherStatus,
  WalletRecordType,
} from '../../../contract/enums'
import { earnPositions, earnVouchers, products } from '../../db/schema'
import type { CurrentUser } from '../../http/auth'
import { behaviourOf, type ProductRow } from './catalogue'
import { notifyEarnEvent } from './events'
import { runIdempotent } from './idempotency'
import { burnEntries, moveEntries, post } from './ledger'
import { money, toUnix, trimDecimal, type Money, type Tx } from './money'
import {
  assertPrecision,
  guardWrite,
  requestHash,
  countOrderRate,
  type EarnDeps,
} from './order-checks'
import { invalid, OrderRetCode, orderError } from './order-errors'
import { accruePosition, type PositionRow } from './yield'

/** The user's position, locked; 602 when it is not theirs or does not exist. */
export async function lockPosition(
  tx: Tx,
  userId: number,
  positionId: string,
): Promise<{ pos: PositionRow; p: ProductRow }> {
  const [pos] = await tx
    .select()
    .from(earnPositions)
    .where(and(eq(earnPositions.id, positionId), eq(earnPositions.userId, userId)))
    .for('update')
  if (!pos) throw orderError(OrderRetCode.OrderNotFound, 'position not found')
  const [p] = await tx.select().from(products).where(eq(products.id, pos.productId))
  return { pos, p: p! }
}

export type Payout = { principal: Money; yieldPaid: Money; forfeited: Money }

/**
 * Closes (all or part of) a locked position: principal and unclaimed yield of the closed part
 * go EARN → FUNDING; an early fixed-term exit gives its yield back to the house.
 */
export async function closePosition(
  tx: Tx,
  pos: PositionRow,
  p: ProductRow,
  now: Date,
  opts: { amount?: Money; forfeit?: boolean; orderId?: string | null; kind?: WalletRecordType },
): Promise<Payout> {
  const principal = money(pos.principal)
  const part = opts.amount ?? principal
  const full = part.eq(principal)
  const claimable = money(pos.claimableYield)
  const forfeited = full && opts.forfeit ? claimable : money(0)
  const yieldPaid = full && !opts.forfeit ? claimable : money(0)
  const refs = {
    productId: pos.productId,
    productType: pos.productType,
    orderId: opts.orderId ?? null,
    positionId: pos.id,
    at: now,
  }
  if (forfeited.gt(0)) {
    await post(tx, {
      ...refs,
      userId: pos.userId,
      kind: WalletRecordType.Forfeit,
      coin: pos.coin,
      amount: forfeited,
      entries: burnEntries(pos.userId, pos.coin, AccountType.EARN, forfeited),
    })
  }
  const out = part.plus(yieldPaid)
  await post(tx, {
    ...refs,
    userId: pos.userId,
    kind: opts.kind ?? WalletRecordType.Redeem,
    coin: pos.coin,
    amount: out,
    entries: moveEntries(pos.userId, pos.coin, AccountType.EARN, AccountType.FUNDING, out),
  })
  await tx
    .update(earnPositions)
    .set({
      principal: principal.minus(part).toFixed(),
      claimableYield: full ? '0' : pos.claimableYield,
      status: full ? PositionStatus.Redeemed : PositionStatus.Active,
      liquidityStatus: full ? null : pos.liquidityStatus,
      closedAt: full ? now : null,
    })
    .where(eq(earnPositions.id, pos.id))
  // Flexible quota is a pool: redeemed money frees room for others.
  if (behaviourOf(p) !== 'fixed') {
    await tx.execute(
      sql`update products set remaining_quota = least(total_quota, remaining_quota + ${part.toFixed()}::numeric) where id = ${p.id}`,
    )
  }
  if (full && pos.voucherId) {
    await tx
      .update(earnVouchers)
      .set({ status: VoucherStatus.Used })
      .where(eq(earnVouchers.id, pos.voucherId))
  }
  await notifyEarnEvent(tx, {
    user_id: pos.userId,
    topic: 'user.position',
    data: {
      position_id: pos.id,
      product_id: pos.productId,
      event: full ? 'redeemed' : 'partially_redeemed',
    },
  })
  return { principal: part, yieldPaid, forfeited }
}

export async function redeem(
  deps: EarnDeps,
  user: CurrentUser,
  req: RedeemRequest,
): Promise<RedeemResponse> {
  const { db, clock } = deps
  const settings = await guardWrite(db, user)
  const now = clock.now()
  await countOrderRate(db, user, 'redeem', req.order_id, settings, now)
  return runIdempotent(
    db,
    user,
    { action: 'redeem', clientOrderId: req.order_id, hash: requestHash('redeem', req), now },
    async (tx) => {
      const locked = await lockPosition(tx, user.id, req.position_id)
      const p = locked.p
      if (locked.pos.status !== PositionStatus.Active)
        throw orderError(OrderRetCode.InsufficientBalanceAlt, 'this position is already redeemed')
      const b = behaviourOf(p)
      if (b === 'dual') throw orderError(OrderRetCode.NotEligible, 'dual asset settles at expiry')
      if (b === 'liquidity')
        throw orderError(
          OrderRetCode.NotEligible,
          'remove liquidity with operate-liquidity (operation 2)',
        )
      const pos = await accruePosition(tx, locked.pos, p, now)
      const matured = pos.maturityAt !== null && pos.maturityAt <= now
      let forfeit = false
      if (b === 'fixed' && !matured) {
        if (!p.earlyRedeem)
          throw orderError(
            OrderRetCode.NotEligible,
            'this product cannot be redeemed before maturity',
          )
        if (!req.early)
          throw invalid(
            'early: must be true to redeem before maturity (the accrued yield is forfeited)',
          )
        forfeit = true
      }
      let amount: Money | undefined
      if (req.amount !== undefined) {
        if (b === 'fixed') throw invalid('amount: fixed-term positions are redeemed in full')
        amount = money(req.amount)
        await assertPrecision(tx, p.coin, amount)
        if (amount.gt(pos.principal))
          throw orderError(OrderRetCode.OverLimit, `at most ${money(pos.principal).toFixed()}`)
      }
      const payout = await closePosition(tx, pos, p, now, {
        amount,
        forfeit,
        orderId: req.order_id,
      })
      const response: RedeemResponse = {
        order_id: req.order_id,
        position_id: pos.id,
        coin: pos.coin,
        principal: trimDecimal(payout.principal),
        yield_paid: trimDecimal(payout.yieldPaid),
        yield_forfeited: trimDecimal(payout.forfeited),
        redeemed_at: toUnix(now),
      }
      return { status: OrderStatus.Success, response, positionId: pos.id }
    },
  )
}

export async function claimYield(
  deps: EarnDeps,
  user: CurrentUser,
  req: ClaimYieldRequest,
): Promise<ClaimYieldResponse> {
  const { db, clock } = deps
  const settings = await guardWrite(db, user)
  const now = clock.now()
  await countOrderRate(db, user, 'claim', req.order_id, settings, now)
  return runIdempotent(
    db,
    user,
    { action: 'claim', clientOrderId: req.order_id, hash: requestHash('claim', req), now },
    async (tx) => {
      let targets: PositionRow[]
      if (req.position_id) {
        targets = [(await lockPosition(tx, user.id, req.position_id)).pos]
      } else {
        const where = [
          eq(earnPositions.userId, user.id),
          eq(earnPositions.status, PositionStatus.Active),
        ]
        if (req.coin) where.push(eq(earnPositions.coin, req.coin.toUpperCase()))
        targets = await tx
          .select()
          .from(earnPositions)
          .where(and(...where))
          .orderBy(asc(earnPositions.id))
          .for('update')
      }
      const productRows = targets.length
        ? await tx
            .select()
            .from(products)
            .where(inArray(products.id, [...new Set(targets.map((t) => t.productId))]))
        : []
      const byId = new Map(productRows.map((r) => [r.id, r]))
      const claimed = new Map<string, Money>()
      for (const pos of targets) {
        const p = byId.get(pos.productId)!
        const b = behaviourOf(p)
        if (pos.status !== PositionStatus.Active || (b !== 'flexible' && b !== 'liquidity'))
          continue
        if (b === 'liquidity' && pos.liquidityStatus !== LiquidityPositionStatus.Effective) continue
        const amount = money(pos.claimableYield)
        if (amount.isZero()) continue
        await post(tx, {
          userId: user.id,
          kind: WalletRecordType.Claim,
          coin: pos.coin,
          amount,
          at: now,
          productId: pos.productId,
          productType: pos.productType,
          orderId: req.order_id,
          positionId: pos.id,
          entries: moveEntries(user.id, pos.coin, AccountType.EARN, AccountType.FUNDING, amount),
        })
        await tx
          .update(earnPositions)
          .set({ claimableYield: '0' })
          .where(eq(earnPositions.id, pos.id))
        claimed.set(pos.coin, (claimed.get(pos.coin) ?? money(0)).plus(amount))
      }
      if (!claimed.size) throw orderError(OrderRetCode.InsufficientBalanceAlt, 'no yield to claim')
      const response: ClaimYieldResponse = {
        order_id: req.order_id,
        claimed: [...claimed].map(([coin, amount]) => ({ coin, amount: trimDecimal(amount) })),
        claimed_at: toUnix(now),
      }
      return { status: OrderStatus.Success, response }
    },
  )
}
