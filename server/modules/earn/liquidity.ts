import { and, eq, inArray } from 'drizzle-orm'
import type {
  GetSwapQuoteRequest,
  GetSwapQuoteResponse,
  GetUserLiquiditySummaryResponse,
  OperateLiquidityRequest,
  OperateLiquidityResponse,
} from '../../../contract/earn-liquidity.schema'
import {
  AccountType,
  LiquidityOperation,
  LiquidityPositionStatus,
  OrderStatus,
  PositionStatus,
  ProductType,
  WalletRecordType,
} from '../../../contract/enums'
import type { Database } from '../../db/client'
import { earnOrders, earnPositions, products } from '../../db/schema'
import type { CurrentUser } from '../../http/auth'
import type { PriceSimulator } from '../market/price-simulator'
import { notifyEarnEvent } from './events'
import { finishPendingOrder } from './order-confirmation'
import { runIdempotent } from './idempotency'
import { post } from './ledger'
import { money, toUnix, trimDecimal } from './money'
import { guardWrite, requestHash, countOrderRate, type EarnDeps } from './order-checks'
import { invalid, OrderRetCode, orderError } from './order-errors'
import { closePosition, lockPosition } from './redemption'
import { usdPrices } from './valuation'
import { accruePosition } from './yield'

export const SWAP_FEE_RATE = '0.001'

const pairOf = (p: typeof products.$inferSelect) =>
  `${p.offer?.baseCoin ?? p.coin}-${p.offer?.quoteCoin ?? 'USDT'}`

export async function liquiditySummary(
  db: Database,
  market: PriceSimulator,
  userId: number,
  now: Date,
): Promise<GetUserLiquiditySummaryResponse> {
  const pools = await db
    .select()
    .from(products)
    .where(and(eq(products.productType, ProductType.Liquidity), eq(products.offline, 0)))
    .orderBy(products.id)
  const positions = await db
    .select({ pos: earnPositions, product: products })
    .from(earnPositions)
    .innerJoin(products, eq(products.id, earnPositions.productId))
    .where(
      and(
        eq(earnPositions.userId, userId),
        eq(earnPositions.productType, ProductType.Liquidity),
        eq(earnPositions.status, PositionStatus.Active),
      ),
    )
    .orderBy(earnPositions.startedAt)
  const prices = await usdPrices(
    market,
    positions.map((r) => r.pos.coin),
    now,
  )
  let total = money(0)
  let claimable = money(0)
  return {
    pools: pools.map((p) => ({
      product_id: p.id,
      pair: pairOf(p),
      base_coin: p.offer?.baseCoin ?? p.coin,
      quote_coin: p.offer?.quoteCoin ?? 'USDT',
      apr: trimDecimal(p.apr),
      max_leverage: trimDecimal(p.offer?.leverage ?? '1'),
      min_amount: trimDecimal(p.minAmount),
      max_amount: trimDecimal(p.maxAmount),
      total_liquidity: trimDecimal(money(p.totalQuota).minus(p.remainingQuota)),
      remaining_quota: trimDecimal(p.remainingQuota),
    })),
    positions: positions.map(({ pos, product }) => {
      const price = prices.get(pos.coin)!
      const usd = money(pos.principal).plus(pos.claimableYield).times(price)
      total = total.plus(usd)
      claimable = claimable.plus(money(pos.claimableYield).times(price))
      return {
        position_id: pos.id,
        product_id: pos.productId,
        pair: pairOf(product),
        coin: pos.coin,
        principal: trimDecimal(pos.principal),
        leverage: trimDecimal(pos.leverage ?? '1'),
        claimable_yield: trimDecimal(pos.claimableYield),
        total_yield: trimDecimal(pos.totalYield),
        status: (pos.liquidityStatus ?? 0) as 0 | 1 | 2,
        usd_value: usd.toFixed(2),
        started_at: toUnix(pos.startedAt),
      }
    }),
    total_usd: total.toFixed(2),
    claimable_yield_usd: claimable.toFixed(2),
  }
}

/** Remove 2 (→ RemovePending, paid out by the next job run), Reinvest 3, ReduceLeverage 4. */
export async function operateLiquidity(
  deps: EarnDeps,
  user: CurrentUser,
  req: OperateLiquidityRequest,
): Promise<OperateLiquidityResponse> {
  const { db, clock } = deps
  const settings = await guardWrite(db, user)
  const now = clock.now()
  await countOrderRate(db, user, 'liquidity', req.order_id, settings, now)
  return runIdempotent(
    db,
    user,
    { action: 'liquidity', clientOrderId: req.order_id, hash: requestHash('liquidity', req), now },
    async (tx) => {
      const locked = await lockPosition(tx, user.id, req.position_id)
      if (locked.pos.productType !== ProductType.Liquidity)
        throw invalid('position_id: not a liquidity position')
      if (locked.pos.status !== PositionStatus.Active)
        throw orderError(OrderRetCode.InsufficientBalanceAlt, 'this position is already removed')
      if (locked.pos.liquidityStatus !== LiquidityPositionStatus.Effective)
        throw orderError(OrderRetCode.NotEligible, 'the position is not effective yet')
      const pos = await accruePosition(tx, locked.pos, locked.p, now)
      const refs = {
        userId: user.id,
        coin: pos.coin,
        at: now,
        productId: pos.productId,
        productType: pos.productType,
        orderId: req.order_id,
        positionId: pos.id,
      }
      let principal = money(pos.principal)
      let leverage = money(pos.leverage ?? 1)
      let status: number = LiquidityPositionStatus.Effective
      if (req.operation === LiquidityOperation.Remove) {
        status = LiquidityPositionStatus.RemovePending
        await tx
          .update(earnPositions)
          .set({ liquidityStatus: status })
          .where(eq(earnPositions.id, pos.id))
      } else if (req.operation === LiquidityOperation.Reinvest) {
        const y = money(pos.claimableYield)
        if (y.isZero())
          throw orderError(OrderRetCode.InsufficientBalanceAlt, 'no yield to reinvest')
        // Yield already sits in EARN: reinvesting moves it from claimable into principal.
        await post(tx, {
          ...refs,
          kind: WalletRecordType.LiquidityReinvest,
          amount: y,
          entries: [
            { userId: user.id, coin: pos.coin, accountType: AccountType.EARN, amount: y.neg() },
            { userId: user.id, coin: pos.coin, accountType: AccountType.EARN, amount: y },
          ],
        })
        principal = principal.plus(y)
        await tx
          .update(earnPositions)
          .set({ principal: principal.toFixed(), claimableYield: '0' })
          .where(eq(earnPositions.id, pos.id))
      } else {
        if (!req.leverage) throw invalid('leverage: required for ReduceLeverage')
        const next = money(req.leverage)
        if (next.lt(1) || next.gte(leverage))
          throw invalid(`leverage: from 1 to below ${leverage.toFixed()}`)
        leverage = next
        await post(tx, {
          ...refs,
          kind: WalletRecordType.LiquidityReduceLeverage,
          amount: money(0),
          entries: [],
        })
        await tx
          .update(earnPositions)
          .set({ leverage: next.toFixed() })
          .where(eq(earnPositions.id, pos.id))
      }
      await notifyEarnEvent(tx, {
        user_id: user.id,
        topic: 'user.position',
        data: {
          position_id: pos.id,
          product_id: pos.productId,
          event: `liquidity_${req.operation}`,
        },
      })
      return {
        status: OrderStatus.Success,
        positionId: pos.id,
        response: {
          order_id: req.order_id,
          position_id: pos.id,
          operation: req.operation,
          status: status as 0 | 1 | 2,
          principal: trimDecimal(principal),
          leverage: trimDecimal(leverage),
        },
      }
    },
  )
}

/** Job: pending adds become effective, pending removals are paid out. */
export async function runLiquiditySettlement(db: Database, now: Date): Promise<number> {
  let done = 0
  const pending = await db
    .select({ id: earnOrders.id })
    .from(earnOrders)
    .where(and(eq(earnOrders.status, OrderStatus.InProgress), eq(earnOrders.action, 'pay')))
  for (const { id } of pending) {
    await db.transaction(async (tx) => {
      const [order] = await tx.select().from(earnOrders).where(eq(earnOrders.id, id)).for('update')
      if (order?.status === OrderStatus.InProgress) {
        await finishPendingOrder(tx, order, now)
        done++
      }
    })
  }
  const removing = await db
    .select({ id: earnPositions.id, userId: earnPositions.userId })
    .from(earnPositions)
    .where(
      and(
        eq(earnPositions.status, PositionStatus.Active),
        inArray(earnPositions.liquidityStatus, [LiquidityPositionStatus.RemovePending]),
      ),
    )
  for (const { id, userId } of removing) {
    await db.transaction(async (tx) => {
      const { pos, p } = await lockPosition(tx, userId, id)
      if (
        pos.status !== PositionStatus.Active ||
        pos.liquidityStatus !== LiquidityPositionStatus.RemovePending
      )
        return
      await closePosition(tx, pos, p, now, { kind: WalletRecordType.LiquidityRemove })
      done++
    })
  }
  return done
}

export async function swapQuote(
  market: PriceSimulator,
  req: GetSwapQuoteRequest,
  now: Date,
): Promise<GetSwapQuoteResponse> {
  const from = req.from_coin.toUpperCase()
  const to = req.to_coin.toUpperCase()
  if (from === to) throw invalid('to_coin: must differ from from_coin')
  const [a, b] = [await market.usdPrice(from, now), await market.usdPrice(to, now)]
  if (a === null) throw invalid('from_coin: unknown coin')
  if (b === null) throw invalid('to_coin: unknown coin')
  const price = money(a).div(b)
  const out = money(req.amount).times(price).times(money(1).minus(SWAP_FEE_RATE))
  return {
    from_coin: from,
    to_coin: to,
    amount: trimDecimal(req.amount),
    price: trimDecimal(price.toDecimalPlaces(10)),
    to_amount: trimDecimal(out.toDecimalPlaces(8)),
    fee_rate: SWAP_FEE_RATE,
    quoted_at: toUnix(now),
  }
}
