import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm'
import type {
  GetOrdersRequest,
  GetOrdersResponse,
  OrderDetail,
  OrderListItem,
} from '../../../contract/earn-order.schema'
import type { LiquidityOperation } from '../../../contract/enums'
import type { Database } from '../../db/client'
import { earnOrders, earnPositions } from '../../db/schema'
import { toUnix, trimDecimal } from './money'
import type { OrderRow } from './idempotency'
import { OrderRetCode, invalid, orderError } from './order-errors'

// get-orders and get-order-detail (ours: the spec's calls list no order list; docs/api.md).

/** The stored answer of an order: pay replays the order, redeem/claim/liquidity their results. */
type StoredResponse = {
  message?: string
  coin?: string
  principal?: string
  yield_paid?: string
  yield_forfeited?: string
  claimed?: { coin: string; amount: string }[]
  operation?: number
}

type JoinedRow = { order: OrderRow; pos: typeof earnPositions.$inferSelect | null }

/** Product facts of an order: its own (pay), else its position's (redeem, liquidity). */
const productTypeExpr = sql<
  number | null
>`coalesce(${earnOrders.productType}, ${earnPositions.productType})`

/** Cursor = created_at in ms + '.' + row id: created_at ties are broken by id. */
const CURSOR = /^(\d{1,15})\.(ord_[0-9a-f]{1,40})$/

function parseCursor(cursor: string): { at: Date; id: string } {
  const m = CURSOR.exec(cursor)
  if (!m) throw invalid('cursor: use next_cursor of the previous page')
  return { at: new Date(Number(m[1])), id: m[2]! }
}

const responseOf = (row: OrderRow) => (row.response ?? {}) as StoredResponse

/** One coin claimed: its amount is the order's; several coins: no single amount. */
function amountOf(row: OrderRow, r: StoredResponse): string | null {
  if (row.amount !== null) return trimDecimal(row.amount)
  if (row.action === 'redeem' && r.principal !== undefined) return trimDecimal(r.principal)
  if (row.action === 'claim' && r.claimed?.length === 1) return trimDecimal(r.claimed[0]!.amount)
  return null
}

function coinOf(row: OrderRow, pos: JoinedRow['pos'], r: StoredResponse): string | null {
  if (row.coin) return row.coin
  if (pos) return pos.coin
  if (r.coin) return r.coin
  if (row.action === 'claim' && r.claimed?.length === 1) return r.claimed[0]!.coin
  return null
}

export function orderListItemOf({ order: row, pos }: JoinedRow): OrderListItem {
  const r = responseOf(row)
  return {
    order_id: row.clientOrderId,
    action: row.action as OrderListItem['action'],
    product_id: row.productId ?? pos?.productId ?? null,
    product_type: (row.productType ?? pos?.productType ?? null) as OrderListItem['product_type'],
    coin: coinOf(row, pos, r),
    amount: amountOf(row, r),
    status: row.status as OrderListItem['status'],
    fail_code: row.failCode,
    position_id: row.positionId,
    created_at: toUnix(row.createdAt),
    updated_at: toUnix(row.updatedAt),
  }
}

const joined = (db: Database) =>
  db
    .select({ order: earnOrders, pos: earnPositions })
    .from(earnOrders)
    .leftJoin(earnPositions, eq(earnPositions.id, earnOrders.positionId))

/** The user's orders, newest first, cursor-paged (like get-user-wallet-records). */
export async function listOrders(
  db: Database,
  userId: number,
  req: GetOrdersRequest,
): Promise<GetOrdersResponse> {
  const limit = req.limit ?? 20
  const where: SQL[] = [eq(earnOrders.userId, userId)]
  if (req.status) where.push(eq(earnOrders.status, req.status))
  if (req.product_type !== undefined) where.push(sql`${productTypeExpr} = ${req.product_type}`)
  if (req.cursor !== undefined) {
    const c = parseCursor(req.cursor)
    where.push(
      or(
        lt(earnOrders.createdAt, c.at),
        and(eq(earnOrders.createdAt, c.at), lt(earnOrders.id, c.id)),
      )!,
    )
  }
  const rows = await joined(db)
    .where(and(...where))
    .orderBy(desc(earnOrders.createdAt), desc(earnOrders.id))
    .limit(limit + 1)
  const page = rows.slice(0, limit)
  const last = page[page.length - 1]?.order
  return {
    orders: page.map(orderListItemOf),
    next_cursor: rows.length > limit && last ? `${last.createdAt.getTime()}.${last.id}` : null,
  }
}

/** One order of the user; another user's order answers as an unknown one (602, like confirm-order). */
export async function orderDetail(
  db: Database,
  userId: number,
  clientOrderId: string,
): Promise<{ order: OrderDetail }> {
  const [row] = await joined(db).where(
    and(eq(earnOrders.userId, userId), eq(earnOrders.clientOrderId, clientOrderId)),
  )
  if (!row) throw orderError(OrderRetCode.OrderNotFound, 'order not found')
  const r = responseOf(row.order)
  const dec = (v: string | undefined) => (v === undefined ? null : trimDecimal(v))
  return {
    order: {
      ...orderListItemOf(row),
      fail_message: row.order.failCode ? (r.message ?? null) : null,
      liquidity_operation:
        row.order.action === 'liquidity' && r.operation !== undefined
          ? (r.operation as LiquidityOperation)
          : null,
      principal: row.order.action === 'redeem' ? dec(r.principal) : null,
      yield_paid: row.order.action === 'redeem' ? dec(r.yield_paid) : null,
      yield_forfeited: row.order.action === 'redeem' ? dec(r.yield_forfeited) : null,
      claimed:
        row.order.action === 'claim'
          ? (r.claimed ?? []).map((c) => ({ coin: c.coin, amount: trimDecimal(c.amount) }))
          : [],
    },
  }
}
