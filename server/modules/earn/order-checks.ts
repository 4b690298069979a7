import { and, eq, sql, type SQL } from 'drizzle-orm'
import { createHash } from 'node:crypto'
import {
  OrderStatus,
  ProductAvailability,
  SubscriptionState,
  VoucherStatus,
} from '../../../contract/enums'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { coins, earnOrderRates, earnOrders, earnPositions, earnVouchers } from '../../db/schema'
import { ApiError, RetCode } from '../../http/errors'
import type { CurrentUser } from '../../http/auth'
import type { PriceSimulator } from '../market/price-simulator'
import type { IdempotentOrder } from './idempotency'
import { availabilityOf, heldBy, PRICED_TYPES, QUOTE_TOLERANCE, type ProductRow } from './catalogue'
import { money, type Executor, type Money } from './money'
import { rowsOf } from '../../db/rows'
import { OrderRetCode, orderError } from './order-errors'
import { NotEligibleExtCode } from '../../../contract/order-ret-codes'
import {
  assertNotMaintenance,
  holdingCap,
  readSettings,
  settingsOf,
  type EarnSettings,
} from './settings'
import { subscriptionStateOf } from './product-status'

/** What the earn services need from the app. */
export type EarnDeps = {
  db: Database
  clock: Clock
  market: PriceSimulator
  /**
   * Product rows from memory (the server's ProductCardsCache, rows at most `rereadMs` behind
   * the changes heard); without it they are read from the database.
   */
  cardsCache?: { product(id: string, rereadMs?: number): Promise<ProductRow | undefined> }
}

/**
 * Every state-changing earn call: 10451 without a country of residence, 10024 for walled
 * countries, then 600 in maintenance.
 */
export async function guardWrite(db: Executor, user: CurrentUser): Promise<EarnSettings> {
  assertCountryKnown(user)
  if (user.complianceWalled) throw new ApiError(RetCode.ComplianceWall)
  // Read with the session when it was (a round trip fewer per order, issue 28).
  const settings = user.settingRows
    ? settingsOf(user.settingRows, user.id)
    : await readSettings(db, user.id)
  assertNotMaintenance(settings)
  return settings
}

/** 10451 for an account that has no country yet: the wall could not say whether it applies. */
export function assertCountryKnown(user: CurrentUser): void {
  if (user.countryMissing) throw new ApiError(RetCode.CountryRequired)
}

/** The window of the order rate limit (settings.order_rate_limit_per_minute). */
export const ORDER_RATE_WINDOW_MS = 60_000

/**
 * 315 when the user made too many calls of this kind (pay, redeem, claim, liquidity) in the
 * last minute, counted in one statement (issue 28: it was a reservation, then a count). The
 * user's counter row (earn_order_rates) holds the calls of the current window and of the one
 * before, and a call is let in while the sliding window's estimate stays within the limit: the
 * previous window's calls weighted by how much of it the last minute still covers, plus the
 * current window's, plus this one. The row's lock orders parallel calls, so of N at once exactly
 * the room left passes; a refused call counts nothing. A retry of an order already known is
 * answered without counting.
 */
export async function countOrderRate(
  db: Database,
  user: CurrentUser,
  action: IdempotentOrder['action'],
  clientOrderId: string,
  settings: EarnSettings,
  now: Date,
): Promise<void> {
  const [letIn] = await countOrderRates(db, action, [{ user, clientOrderId, settings }], now)
  if (!letIn) throw orderError(OrderRetCode.RateLimit)
}

/**
 * countOrderRate for many calls in one statement (a batch of pay-orders, order-batch.ts), each
 * user at most once: whether each is let in, in the calls' order.
 */
export async function countOrderRates(
  db: Database,
  action: IdempotentOrder['action'],
  calls: { user: CurrentUser; clientOrderId: string; settings: EarnSettings }[],
  now: Date,
): Promise<boolean[]> {
  const W = ORDER_RATE_WINDOW_MS
  const start = Math.floor(now.getTime() / W) * W
  const current = new Date(start).toISOString()
  const previous = new Date(start - W).toISOString()
  // The share of the previous window the last minute still covers.
  const weight = 1 - (now.getTime() - start) / W
  const r = earnOrderRates
  const callsNow = sql`(case when ${r.windowStart} = ${current}::timestamptz then ${r.calls} else 0 end)`
  const callsBefore = sql`(case when ${r.windowStart} = ${current}::timestamptz then ${r.previousCalls}
    when ${r.windowStart} = ${previous}::timestamptz then ${r.calls} else 0 end)`
  const keyOf = (user: CurrentUser) => `orders:${action}:${user.id}`
  const values = calls.map(
    (c) =>
      sql`(${keyOf(c.user)}::text, ${c.user.id}::integer, ${c.clientOrderId}::text, ${Number(c.settings.order_rate_limit_per_minute)}::integer)`,
  )
  const rows = rowsOf<{ key: string; known: boolean; counted: boolean }>(
    await db.execute(sql`
      with call (key, user_id, client_order_id, lim) as (values ${sql.join(values, sql`, `)}),
      known as (
        select call.key from call where exists (select 1 from ${earnOrders} o
          where o.user_id = call.user_id and o.client_order_id = call.client_order_id)
      ), counted as (
        insert into ${r} (key, window_start, calls, previous_calls)
        select call.key, ${current}::timestamptz, 1, 0 from call
        where call.key not in (select key from known) and call.lim >= 1
        on conflict (key) do update set
          window_start = excluded.window_start, calls = ${callsNow} + 1, previous_calls = ${callsBefore}
        where floor(${callsBefore} * ${weight}::float8) + ${callsNow} + 1
          <= (select call.lim from call where call.key = excluded.key)
        returning key
      )
      select call.key, exists (select 1 from known where known.key = call.key) as known,
        exists (select 1 from counted where counted.key = call.key) as counted
      from call`),
  )
  const byKey = new Map(rows.map((row) => [row.key, row]))
  return calls.map((c) => {
    const row = byKey.get(keyOf(c.user))
    return Boolean(row?.known || row?.counted)
  })
}

/**
 * What the user holds of one product (active positions' principal) and how many of their orders
 * other than `exceptId` are in progress, as two columns (`holding`, `pending`) of one select:
 * read after the user's balance row is locked, so both are as of that lock (issue 28: on its own,
 * or in the order's last statement).
 */
export const holdingAndPendingColumns = (
  userId: number | SQL,
  productId: string,
  exceptId: string | SQL,
) => [
  sql`(select sum(${earnPositions.principal}) from ${earnPositions}
    where ${heldBy(userId)} and ${eq(earnPositions.productId, productId)}) as holding`,
  sql`(select count(*)::integer from ${earnOrders}
    where user_id = ${userId} and status = ${OrderStatus.InProgress}
      and id <> ${exceptId}) as pending`,
]

export type HoldingAndPending = { holding: Money; pending: number }

export const holdingAndPendingOf = (row: Record<string, unknown>): HoldingAndPending => ({
  holding: money((row.holding as string | null) ?? 0),
  pending: Number(row.pending ?? 0),
})

/** holdingAndPendingColumns in a statement of their own. */
export async function holdingAndPending(
  tx: Executor,
  userId: number,
  productId: string,
  exceptId: string,
): Promise<HoldingAndPending> {
  const [row] = rowsOf<Record<string, unknown>>(
    await tx.execute(
      sql`select ${sql.join(holdingAndPendingColumns(userId, productId, exceptId), sql`, `)}`,
    ),
  )
  return holdingAndPendingOf(row ?? {})
}

/** 336 when the user already has the maximum of orders in progress. */
export function assertPendingRoom(pending: number, settings: EarnSettings) {
  if (pending >= Number(settings.max_pending_orders))
    throw orderError(OrderRetCode.MaxPendingOrders)
}

/** 334 with ext_code not_released when the product's gray-release stage excludes the user. */
export { assertReleased } from './gray-release'

/**
 * 334 (this user is not eligible, or the window has ended), 325 (the product cannot take orders
 * now: offline, or its window has not started) or 302 (sold out), from the product's state.
 */
export function assertSubscribable(p: ProductRow, user: CurrentUser, now: Date): void {
  const { availability, reason } = availabilityOf(p, user)
  if (availability !== ProductAvailability.Available)
    throw orderError(
      OrderRetCode.NotEligible,
      reason,
      availability === ProductAvailability.KycLimited ? NotEligibleExtCode.KycRequired : undefined,
    )
  if (p.offline) throw orderError(OrderRetCode.OrderUnavailable, 'this product is offline')
  const state = subscriptionStateOf(p, now)
  if (state === SubscriptionState.Unstarted)
    throw orderError(OrderRetCode.OrderUnavailable, 'subscription has not started')
  if (state === SubscriptionState.Ended)
    throw orderError(OrderRetCode.NotEligible, 'subscription has ended', NotEligibleExtCode.Ended)
  if (state === SubscriptionState.Soldout) throw orderError(OrderRetCode.SoldOut)
  if (TAX_FORM_COUNTRIES.includes(user.countryCode))
    throw orderError(OrderRetCode.TaxFormRequired, 'tax self-certification required')
}

/**
 * 604 (spec §8 lists it without a meaning; ours, docs/ui.md): countries whose users must
 * file a tax self-certification before subscribing, and none is on file here (the exchange
 * collects it; this project has no form). Deterministic: the demo user taxform@earn.test (KR)
 * gets 604 from preview-order and pay-order, and the client opens the taxation dialog.
 */
export const TAX_FORM_COUNTRIES: readonly string[] = ['KR']

/**
 * An amount finer than the coin's transaction precision (coins.transaction_digits) is refused
 * with 10001: it would be stored at 18 digits and paid out as dust no wallet can move.
 */
export async function assertPrecision(db: Executor, coin: string, amount: Money): Promise<void> {
  const digits = (await transactionDigitsOf(db, coin)) ?? 8
  if (amount.decimalPlaces() > digits)
    throw new ApiError(RetCode.InvalidRequest, `amount: at most ${digits} decimals for ${coin}`)
}

/**
 * Coins' transaction digits as read once per database: the coins table is written by the seed
 * only (migrations and seed run before a server listens), so every order after the first of a
 * coin is spared a round trip (issue 28).
 */
const digitsRead = new WeakMap<Executor, Map<string, number>>()

async function transactionDigitsOf(db: Executor, coin: string): Promise<number | undefined> {
  const known = digitsRead.get(db)?.get(coin)
  if (known !== undefined) return known
  const [row] = await db
    .select({ digits: coins.transactionDigits })
    .from(coins)
    .where(eq(coins.name, coin))
    .limit(1)
  if (!row) return undefined
  const byCoin = digitsRead.get(db) ?? new Map<string, number>()
  // Bounded by the coins table (a few dozen names); unknown coins are never stored.
  byCoin.set(coin, row.digits)
  digitsRead.set(db, byCoin)
  return row.digits
}

/** 320 below the minimum or above what the user may still subscribe; 302 above the quota. */
export function assertAmount(
  p: ProductRow,
  amount: Money,
  holding: Money,
  settings: EarnSettings,
): void {
  if (amount.lt(p.minAmount))
    throw orderError(OrderRetCode.OverLimit, `the minimum is ${money(p.minAmount).toFixed()}`)
  const cap = holdingCap(settings)
  const max = cap === null || money(cap).gt(p.maxAmount) ? money(p.maxAmount) : money(cap)
  if (holding.plus(amount).gt(max)) {
    throw orderError(OrderRetCode.OverLimit, `at most ${max.toFixed()} per user`)
  }
  if (amount.gt(p.remainingQuota)) throw orderError(OrderRetCode.SoldOut)
}

/** The index price of a priced product (its offer's base coin in USD), or null. */
export async function indexPriceOf(
  market: PriceSimulator,
  p: ProductRow,
  at: Date,
): Promise<Money | null> {
  if (!p.offer) return null
  const price = await market.usdPrice(p.offer.baseCoin, at)
  return price === null ? null : money(price)
}

/** 340 when the index (read before the transaction) moved beyond the tolerance since the quote. */
export function assertQuote(p: ProductRow, quoted: string | undefined, current: Money | null) {
  if (!PRICED_TYPES.includes(p.productType)) return
  if (!quoted) {
    throw new ApiError(
      RetCode.InvalidRequest,
      'quote_price: required for this product, from preview-order',
    )
  }
  if (!current) throw orderError(OrderRetCode.QuotePrice, 'no index price for this product')
  const drift = current.minus(quoted).abs().div(quoted)
  if (drift.gt(QUOTE_TOLERANCE)) throw orderError(OrderRetCode.QuotePrice)
}

export type VoucherRow = typeof earnVouchers.$inferSelect

/** The voucher the user applies, locked; 334 when it cannot be used on this order. */
export async function usableVoucher(
  db: Executor,
  user: CurrentUser,
  voucherId: string | undefined,
  p: ProductRow,
  amount: Money,
  now: Date,
  lock: boolean,
): Promise<VoucherRow | null> {
  if (!voucherId) return null
  const q = db
    .select()
    .from(earnVouchers)
    .where(and(eq(earnVouchers.id, voucherId), eq(earnVouchers.userId, user.id)))
  const [v] = lock ? await q.for('update') : await q
  const refuse = (why: string) =>
    orderError(
      OrderRetCode.NotEligible,
      `voucher cannot be used: ${why}`,
      NotEligibleExtCode.Voucher,
    )
  if (!v) throw refuse('no such voucher')
  if (v.status !== VoucherStatus.Unused) throw refuse('already used')
  if (v.expiresAt <= now) throw refuse('expired')
  if (v.coin && v.coin !== p.coin) throw refuse(`only for ${v.coin}`)
  if (v.productType !== null && v.productType !== p.productType)
    throw refuse('not for this product type')
  if (amount.lt(v.minAmount)) throw refuse(`minimum ${money(v.minAmount).toFixed()}`)
  return v
}

/** Stable hash of a request: the same order id with another payload is refused (344). */
export function requestHash(action: string, body: Record<string, unknown>): string {
  const canonical = Object.keys(body)
    // The biometric confirmation proves who asked; it is not part of what was asked.
    .filter((k) => k !== 'confirm' && k !== 'challenge')
    .sort()
    .map((k) => {
      const v = body[k]
      // "10" and "10.0" are the same amount.
      const norm = typeof v === 'string' && /^\d+(\.\d+)?$/.test(v) ? money(v).toFixed() : v
      return `${k}=${JSON.stringify(norm)}`
    })
    .join('&')
  return createHash('sha256').update(`${action}?${canonical}`).digest('hex')
}
