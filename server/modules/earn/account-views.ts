import { and, desc, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm'
import {
  PAGE_LIMIT_DEFAULT,
  type GetPositionsRequest,
  type GetPositionsResponse,
  type GetUserBalanceRequest,
  type GetUserBalanceResponse,
  type GetUserWalletRecordsRequest,
  type GetUserWalletRecordsResponse,
  type Position,
  type WalletRecord,
} from '../../../contract/earn-account.schema'
import type { Voucher } from '../../../contract/earn-order.schema'
import {
  AccountType,
  PositionStatus,
  VoucherStatus,
  WalletRecordType,
} from '../../../contract/enums'
import type { Database } from '../../db/client'
import {
  earnAccounts,
  earnPositions,
  earnVouchers,
  ledgerPostings,
  products,
} from '../../db/schema'
import { closedAfter, closedOrder, nextClosedCursor } from './closed-page'
import { invalid } from './order-errors'
import { money, toUnix, toUnixOrNull, trimDecimal } from './money'
import type { PositionRow } from './yield'

export async function userBalances(
  db: Database,
  userId: number,
  req: GetUserBalanceRequest,
  now: Date,
): Promise<GetUserBalanceResponse> {
  const where: SQL[] = [eq(earnAccounts.userId, userId)]
  if (req.coin) where.push(eq(earnAccounts.coin, req.coin.toUpperCase()))
  if (req.account_type !== undefined) where.push(eq(earnAccounts.accountType, req.account_type))
  const rows = await db
    .select()
    .from(earnAccounts)
    .where(and(...where))
    .orderBy(earnAccounts.coin, earnAccounts.accountType)
  const vouchers = await db
    .select()
    .from(earnVouchers)
    .where(eq(earnVouchers.userId, userId))
    .orderBy(earnVouchers.expiresAt)
  return {
    balances: rows.map((r) => ({
      coin: r.coin,
      account_type: r.accountType as AccountType,
      balance: trimDecimal(r.balance),
    })),
    vouchers: vouchers.map((v) => voucherToWire(v, now)),
  }
}

export function voucherToWire(v: typeof earnVouchers.$inferSelect, now: Date): Voucher {
  // Expired is derived from the clock: an unused voucher past its date.
  const status =
    v.status === VoucherStatus.Unused && v.expiresAt <= now ? VoucherStatus.Expired : v.status
  return {
    voucher_id: v.id,
    kind: v.kind as Voucher['kind'],
    value: trimDecimal(v.value),
    coin: v.coin,
    product_type: v.productType as Voucher['product_type'],
    min_amount: trimDecimal(v.minAmount),
    expires_at: toUnix(v.expiresAt),
    status: status as Voucher['status'],
  }
}

export function positionToWire(pos: PositionRow, apr: string): Position {
  const d = pos.dual
  return {
    position_id: pos.id,
    product_id: pos.productId,
    product_type: pos.productType as Position['product_type'],
    coin: pos.coin,
    principal: trimDecimal(pos.principal),
    apr: trimDecimal(money(apr).plus(pos.aprBoost)),
    claimable_yield: trimDecimal(pos.claimableYield),
    total_yield: trimDecimal(pos.totalYield),
    status: pos.status as Position['status'],
    liquidity_status: pos.liquidityStatus as Position['liquidity_status'],
    leverage: pos.leverage === null ? null : trimDecimal(pos.leverage),
    started_at: toUnix(pos.startedAt),
    maturity_at: toUnixOrNull(pos.maturityAt),
    closed_at: toUnixOrNull(pos.closedAt),
    dual: d
      ? {
          direction: d.direction as 0 | 1 | 2,
          base_coin: d.baseCoin,
          quote_coin: d.quoteCoin,
          target_price: trimDecimal(d.targetPrice),
          stage: d.stage as 1 | 2 | 3 | 4,
          settlement_at: toUnix(new Date(d.settlementAt)),
          settled_coin: d.settledCoin,
          settled_amount: d.settledAmount === null ? null : trimDecimal(d.settledAmount),
          settle_price: d.settlePrice,
        }
      : null,
  }
}

/**
 * The user's open positions (newest first), and with include_closed a page of closed ones
 * (last closed first, `limit` of them, cursor-paged). Open positions come whole, on the first
 * page only: product rules bound them (one flexible holding per product, each product's
 * per-user maximum over its minimum, the order rate limit); closed ones only ever grow.
 */
export async function userPositions(
  db: Database,
  userId: number,
  req: GetPositionsRequest,
): Promise<GetPositionsResponse> {
  const filters: SQL[] = []
  if (req.coin) filters.push(eq(earnPositions.coin, req.coin.toUpperCase()))
  if (req.product_types?.length) filters.push(inArray(earnPositions.productType, req.product_types))
  const rowsWhere = (where: SQL) =>
    db
      .select({ pos: earnPositions, apr: products.apr })
      .from(earnPositions)
      .innerJoin(products, eq(products.id, earnPositions.productId))
      .where(and(where, ...filters))
  const open =
    req.cursor === undefined
      ? await rowsWhere(
          and(eq(earnPositions.userId, userId), eq(earnPositions.status, PositionStatus.Active))!,
        ).orderBy(desc(earnPositions.startedAt), earnPositions.id)
      : []
  if (!req.include_closed)
    return { positions: open.map((r) => positionToWire(r.pos, r.apr)), next_cursor: null }
  const limit = req.limit ?? PAGE_LIMIT_DEFAULT
  const closed = await rowsWhere(closedAfter(userId, req.cursor))
    .orderBy(...closedOrder)
    .limit(limit + 1)
  return {
    positions: [...open, ...closed.slice(0, limit)].map((r) => positionToWire(r.pos, r.apr)),
    next_cursor: nextClosedCursor(closed, limit),
  }
}

/** Which side of a posting the user sees as the record's accounts. */
const RECORD_ACCOUNTS: Partial<Record<string, [number | null, number | null]>> = {
  [WalletRecordType.Deposit]: [null, AccountType.FUNDING],
  [WalletRecordType.Stake]: [AccountType.FUNDING, AccountType.EARN],
  [WalletRecordType.LiquidityAdd]: [AccountType.FUNDING, AccountType.EARN],
  [WalletRecordType.Redeem]: [AccountType.EARN, AccountType.FUNDING],
  [WalletRecordType.LiquidityRemove]: [AccountType.EARN, AccountType.FUNDING],
  [WalletRecordType.Claim]: [AccountType.EARN, AccountType.FUNDING],
  [WalletRecordType.Yield]: [null, AccountType.EARN],
  [WalletRecordType.LiquidityReinvest]: [AccountType.EARN, AccountType.EARN],
  [WalletRecordType.Bonus]: [null, AccountType.FUNDING],
  [WalletRecordType.Forfeit]: [AccountType.EARN, null],
  [WalletRecordType.Settle]: [AccountType.EARN, AccountType.FUNDING],
}
/** Records that take money out of the user's view are shown negative. */
const OUTGOING: readonly string[] = [
  WalletRecordType.Stake,
  WalletRecordType.LiquidityAdd,
  WalletRecordType.Forfeit,
]

/** Wallet records derived from the user's ledger postings, newest first, cursor = posting id. */
export async function walletRecords(
  db: Database,
  userId: number,
  req: GetUserWalletRecordsRequest,
): Promise<GetUserWalletRecordsResponse> {
  const limit = req.limit ?? PAGE_LIMIT_DEFAULT
  const where: SQL[] = [eq(ledgerPostings.userId, userId)]
  if (req.coin) where.push(eq(ledgerPostings.coin, req.coin.toUpperCase()))
  if (req.types?.length) where.push(inArray(ledgerPostings.kind, req.types))
  if (req.start_time !== undefined)
    where.push(gte(ledgerPostings.createdAt, new Date(req.start_time * 1000)))
  if (req.end_time !== undefined)
    where.push(lte(ledgerPostings.createdAt, new Date(req.end_time * 1000)))
  if (req.cursor !== undefined) {
    if (!/^\d{1,15}$/.test(req.cursor))
      throw invalid('cursor: use next_cursor of the previous page')
    where.push(lt(ledgerPostings.id, Number(req.cursor)))
  }
  const rows = await db
    .select()
    .from(ledgerPostings)
    .where(and(...where))
    .orderBy(desc(ledgerPostings.id))
    .limit(limit + 1)
  const page = rows.slice(0, limit)
  const records: WalletRecord[] = page.map((r) => {
    const [from, to] = RECORD_ACCOUNTS[r.kind] ?? [null, null]
    return {
      record_id: String(r.id),
      type: r.kind as WalletRecord['type'],
      coin: r.coin,
      amount: trimDecimal(OUTGOING.includes(r.kind) ? money(r.amount).neg() : money(r.amount)),
      from_account: from as WalletRecord['from_account'],
      to_account: to as WalletRecord['to_account'],
      product_id: r.productId,
      product_type: r.productType as WalletRecord['product_type'],
      order_id: r.orderId,
      position_id: r.positionId,
      created_at: toUnix(r.createdAt),
    }
  })
  return { records, next_cursor: rows.length > limit ? String(page[page.length - 1]!.id) : null }
}
