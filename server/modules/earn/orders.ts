import { sql } from 'drizzle-orm'
import type {
  EarnOrder,
  PayOrderRequest,
  PreviewOrderRequest,
  PreviewOrderResponse,
} from '../../../contract/earn-order.schema'
import {
  AccountType,
  OrderStatus,
  WalletRecordType,
  type ProductType,
} from '../../../contract/enums'
import { maturityMs } from '../../../contract/subscription-dates'
import type { CurrentUser } from '../../http/auth'
import {
  behaviourOf,
  holdingsOf,
  loadProduct,
  noSuchProduct,
  productOrThrow,
  remainingLimitOf,
  yearlyYield,
  PRICED_TYPES,
  QUOTE_TOLERANCE,
  type ProductRow,
} from './catalogue'
import { CARDS_CACHE_REREAD_MS } from './product-cards-cache'
import { applyVoucher, openPosition, valueDateOf } from './subscription'
import {
  findOrderTogether,
  orderToWire,
  runIdempotent,
  writeNow,
  type IdempotentOrder,
  type LastTake,
  type OrderRow,
} from './idempotency'
import { balanceLock, balanceOf, moveEntries, postingSql } from './ledger'
import { money, toUnix, trimDecimal, YIELD_DP, type Money } from './money'
import {
  assertAmount,
  assertPrecision,
  assertReleased,
  countOrderRate,
  assertPendingRoom,
  holdingAndPending,
  holdingAndPendingColumns,
  holdingAndPendingOf,
  assertQuote,
  type HoldingAndPending,
  assertSubscribable,
  guardWrite,
  indexPriceOf,
  requestHash,
  usableVoucher,
  type EarnDeps,
} from './order-checks'
import { invalid, OrderRetCode, orderError } from './order-errors'
import type { PayBatcher } from './order-batch'
import type { EarnSettings } from './settings'
import { assertRiskAcknowledged } from './risk-acknowledgement'

export async function previewOrder(
  deps: EarnDeps,
  user: CurrentUser,
  req: PreviewOrderRequest,
): Promise<PreviewOrderResponse> {
  const { db, clock, market } = deps
  const settings = await guardWrite(db, user)
  const now = clock.now()
  const p = await productOrThrow(db, req.product_id)
  await assertReleased(db, p.productType, user)
  const amount = money(req.amount)
  await assertPrecision(db, p.coin, amount)
  assertSubscribable(p, user, now)
  const holding = (await holdingsOf(db, user.id, [p.id])).get(p.id) ?? money(0)
  assertAmount(p, amount, holding, settings)
  const voucher = await usableVoucher(db, user, req.voucher_id, p, amount, now, false)
  const boost = voucher?.kind === 'apr_boost' ? money(voucher.value) : money(0)
  const leverage = leverageOf(p, req.leverage)
  const yearly = yearlyYield(p, amount.plus(holding), boost)
    .minus(yearlyYield(p, holding, boost))
    .times(leverage)
  const apr = yearlyYield(p, amount.plus(holding)).minus(yearlyYield(p, holding)).div(amount)
  const daily = yearly.div(365)
  const b = behaviourOf(p)
  const termYield = b === 'fixed' || b === 'dual' ? daily.times(p.termDays) : daily
  const price = PRICED_TYPES.includes(p.productType) ? await indexPriceOf(market, p, now) : null
  return {
    product_id: p.id,
    product_type: p.productType as ProductType,
    coin: p.coin,
    amount: trimDecimal(amount),
    apr: trimDecimal(apr.toDecimalPlaces(8)),
    effective_apr: trimDecimal(yearly.div(amount).toDecimalPlaces(8)),
    estimated_yield: trimDecimal(termYield.toDecimalPlaces(YIELD_DP)),
    estimated_daily_yield: trimDecimal(daily.toDecimalPlaces(YIELD_DP)),
    bonus: trimDecimal(voucher?.kind === 'bonus' ? money(voucher.value) : money(0)),
    subscribe_at: toUnix(now),
    value_date: toUnix(valueDateOf(now)),
    maturity_at: p.termDays > 0 ? toUnix(new Date(maturityMs(now.getTime(), p.termDays))) : null,
    min_amount: trimDecimal(p.minAmount),
    max_amount: trimDecimal(p.maxAmount),
    user_remaining_limit: trimDecimal(remainingLimitOf(p, holding)),
    available_balance: trimDecimal(await balanceOf(db, user.id, p.coin, AccountType.FUNDING)),
    quote: price
      ? { price: price.toFixed(), tolerance: QUOTE_TOLERANCE, quoted_at: toUnix(now) }
      : null,
  }
}

/** Liquidity leverage: 1 by default, at most the pool's maximum. */
function leverageOf(p: ProductRow, requested: string | undefined): Money {
  if (behaviourOf(p) !== 'liquidity') return money(1)
  const lev = money(requested ?? 1)
  if (lev.lt(1) || lev.gt(p.offer?.leverage ?? 1))
    throw invalid(`leverage: from 1 to ${p.offer?.leverage ?? 1}`)
  return lev
}

export async function payOrder(
  deps: EarnDeps & {
    /** Pay-orders on one product in batches when they arrive together (order-batch.ts). */
    payBatcher?: PayBatcher
  },
  user: CurrentUser,
  req: PayOrderRequest,
): Promise<{ order: EarnOrder }> {
  const { db, clock, market } = deps
  const settings = await guardWrite(db, user)
  const now = clock.now()
  const amount = money(req.amount)
  const p = await productToPay(deps, user, req.product_id, amount, now)
  // Before any order row or rate reservation: an excluded user's call writes nothing (334).
  await assertReleased(db, p.productType, user)
  // Sold out (as of the read above) is answered before anything else is read or written: after
  // a launch's quota is gone, most of its rush is this answer. An order already placed under
  // this id is replayed instead.
  if (amount.gt(p.remainingQuota) && !(await findOrderTogether(db, user.id, req.order_id)))
    throw orderError(OrderRetCode.SoldOut)
  await assertPrecision(db, p.coin, amount)
  // Before any order row: a refused structured product leaves nothing behind (10412).
  await assertRiskAcknowledged(db, user, p.productType)
  const hash = requestHash('pay', req)
  // A rush's orders on one product go in batches (order-batch.ts): a fixed-term product with no
  // voucher and no quote, the launch's kind. Every other order goes alone.
  const batchable =
    deps.payBatcher &&
    behaviourOf(p) === 'fixed' &&
    !req.voucher_id &&
    !PRICED_TYPES.includes(p.productType)
  // A batch counts its orders' rates together, as the last check before its transaction (a
  // batchable order has no leverage or quote to check after it).
  if (!batchable) await countOrderRate(db, user, 'pay', req.order_id, settings, now)
  const leverage = leverageOf(p, req.leverage)
  // Read outside the transaction: the simulator's first read uses the database (PGlite has one connection).
  const indexPrice = PRICED_TYPES.includes(p.productType)
    ? await indexPriceOf(market, p, now)
    : null

  const order = {
    action: 'pay' as const,
    clientOrderId: req.order_id,
    hash,
    now,
    productId: p.id,
    productType: p.productType,
    coin: p.coin,
    amount,
  }
  const alone = async (counted: boolean) => {
    if (!counted) await countOrderRate(db, user, 'pay', req.order_id, settings, now)
    return payAlone(deps, user, req, p, order, { settings, leverage, indexPrice })
  }
  return {
    order: batchable
      ? await deps.payBatcher!.submit({ user, p, settings, order, alone })
      : await alone(true),
  }
}

/** Pay-order's transaction for one order (runIdempotent), after payOrder's checks. */
async function payAlone(
  deps: EarnDeps,
  user: CurrentUser,
  req: PayOrderRequest,
  p: ProductRow,
  idempotent: IdempotentOrder & { amount: Money },
  checked: { settings: EarnSettings; leverage: Money; indexPrice: Money | null },
): Promise<EarnOrder> {
  const { db } = deps
  const { amount, now } = idempotent
  const { settings, leverage, indexPrice } = checked
  return runIdempotent(
    db,
    user,
    idempotent,
    async (tx, order, locked) => {
      assertSubscribable(p, user, now)
      // The FUNDING row lock (taken with the order's row) serialises this user's orders in this
      // coin (limits, balance).
      const balance = money(locked ?? 0)
      // The quota as read before the transaction; takeQuota (last) is the one that counts.
      const verify = ({ holding, pending }: HoldingAndPending) => {
        assertAmount(p, amount, holding, settings)
        if (balance.lt(amount)) throw orderError(OrderRetCode.InsufficientBalance)
        assertPendingRoom(pending, settings)
        assertQuote(p, req.quote_price, indexPrice)
      }
      // A new position with no voucher reads the holding in the order's last statement (a round
      // trip fewer, issue 28): that statement starts after the lock and before any write of this
      // order but its own, so it reads what a statement of its own would. A flexible top-up
      // (openPosition changes the holding) or a voucher (read before it) reads it here.
      const readLater = behaviourOf(p) !== 'flexible' && !req.voucher_id
      if (!readLater) verify(await holdingAndPending(tx, user.id, p.id, order.id))
      // What no holding changes is refused before any write, with the same answer as after it
      // (a holding only lowers the room): an amount out of range never reaches a row.
      else assertAmount(p, amount, money(0), settings)
      const voucher = await usableVoucher(tx, user, req.voucher_id, p, amount, now, true)

      const position = await openPosition(
        tx,
        p,
        user,
        amount,
        now,
        leverage,
        voucher?.kind === 'apr_boost' ? voucher : null,
      )
      const kind =
        behaviourOf(p) === 'liquidity' ? WalletRecordType.LiquidityAdd : WalletRecordType.Stake
      // Written with the order's last statement, after the new position's row (issue 28).
      const posting = postingSql({
        userId: user.id,
        kind,
        coin: p.coin,
        amount,
        at: now,
        productId: p.id,
        productType: p.productType,
        orderId: req.order_id,
        positionId: position.id,
        entries: moveEntries(user.id, p.coin, AccountType.FUNDING, AccountType.EARN, amount),
      })
      const writes = [...(position.write ? [position.write] : []), posting]
      if (voucher) {
        // A voucher's own writes come after the stake's (its records follow the stake's).
        await writeNow(tx, writes)
        await applyVoucher(tx, user, voucher, position.id, p, req.order_id, now)
      }

      const status = behaviourOf(p) === 'liquidity' ? OrderStatus.InProgress : OrderStatus.Success
      const wireRow: OrderRow = { ...order, status, positionId: position.id, updatedAt: now }
      return {
        status,
        response: orderToWire(wireRow),
        positionId: position.id,
        writes: voucher ? [] : writes,
        events: [
          {
            user_id: user.id,
            topic: 'user.order',
            data: { order_id: req.order_id, status, product_id: p.id },
          },
          {
            user_id: user.id,
            topic: 'user.position',
            data: { position_id: position.id, product_id: p.id, event: 'subscribed' },
          },
        ],
        readings: readLater
          ? {
              columns: holdingAndPendingColumns(user.id, p.id, order.id),
              verify: (row) => verify(holdingAndPendingOf(row)),
            }
          : undefined,
        // Last: the quota's conditional decrement locks the product row, which every order on
        // it shares, so it is held from here to the commit only (issue 28).
        last: takeQuota(p, user, amount, now),
      }
    },
    orderToWire,
    balanceLock(user.id, p.coin, AccountType.FUNDING),
  )
}

/**
 * The product pay-order checks, from the cards cache when there is one (issue 28). A row up to
 * CARDS_CACHE_REREAD_MS old may let an order go ahead: in a rush every order changes its product,
 * and waiting for a read after each would queue every buyer behind them; takeQuota, last, is the
 * database's word on the quota, the offline switch and the window. An order is refused only on
 * a row with every change heard: a product just back on sale, or given more quota, sells.
 */
async function productToPay(
  deps: EarnDeps,
  user: CurrentUser,
  id: string,
  amount: Money,
  now: Date,
): Promise<ProductRow> {
  const cache = deps.cardsCache
  let p = cache ? await cache.product(id, CARDS_CACHE_REREAD_MS) : await loadProduct(deps.db, id)
  if (cache && (!p || !onSale(p, user, amount, now))) p = await cache.product(id)
  if (!p) throw noSuchProduct()
  return p
}

const onSale = (p: ProductRow, user: CurrentUser, amount: Money, now: Date) => {
  try {
    assertSubscribable(p, user, now)
  } catch {
    return false
  }
  return !amount.gt(p.remainingQuota)
}

/**
 * The quota's conditional decrement, on a product still on sale now: the checks before it read
 * the product from memory (as of the last change heard), and this statement is the database's
 * word on the quota, the offline switch and the window. When it takes nothing, the product as
 * it is now says why (325, 334); 302 when only the quota is short.
 */
function takeQuota(p: ProductRow, user: CurrentUser, amount: Money, now: Date): LastTake {
  return {
    statement: (after) => sql`
      update products set remaining_quota = remaining_quota - ${amount.toFixed()}::numeric
      where id = ${p.id} and remaining_quota >= ${amount.toFixed()}::numeric
        and offline = 0 and subscribe_start_at <= ${now.toISOString()}::timestamptz
        and (subscribe_end_at is null or subscribe_end_at > ${now.toISOString()}::timestamptz)
        and ${after}
      returning id`,
    ifNone: async (tx) => {
      const fresh = await loadProduct(tx, p.id)
      if (fresh) assertSubscribable(fresh, user, now)
      throw orderError(OrderRetCode.SoldOut)
    },
  }
}
