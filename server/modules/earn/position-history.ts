import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import {
  PAGE_LIMIT_DEFAULT,
  type ClosedPosition,
  type GetPositionHistoryRequest,
  type GetPositionHistoryResponse,
} from '../../../contract/earn-account.schema'
import { DualStage, PositionOutcome, WalletRecordType } from '../../../contract/enums'
import type { Database } from '../../db/client'
import { earnPositions, ledgerPostings, products } from '../../db/schema'
import { money, toUnix, trimDecimal, type Money } from './money'
import { positionToWire } from './account-views'
import { closedAfter, closedOrder, nextClosedCursor } from './closed-page'
import type { PositionRow } from './yield'

/** Postings that put principal in, and those that paid the position back to FUNDING. */
const PAID_IN: readonly string[] = [WalletRecordType.Stake, WalletRecordType.LiquidityAdd]
const PAID_OUT: readonly string[] = [
  WalletRecordType.Redeem,
  WalletRecordType.LiquidityRemove,
  WalletRecordType.Settle,
]

/** How a closed position ended, from its status, term and dual stage. */
export function outcomeOf(pos: PositionRow): PositionOutcome {
  if (pos.dual)
    return pos.dual.stage === DualStage.Failed ? PositionOutcome.Failed : PositionOutcome.Settled
  const matured = pos.maturityAt !== null && pos.closedAt !== null && pos.closedAt >= pos.maturityAt
  return matured ? PositionOutcome.Matured : PositionOutcome.Redeemed
}

/**
 * The user's closed positions, last closed first, cursor-paged: what went in, how each ended
 * and what came back (from the position's ledger postings, so a refund shows its amount).
 */
export async function positionHistory(
  db: Database,
  userId: number,
  req: GetPositionHistoryRequest,
): Promise<GetPositionHistoryResponse> {
  const limit = req.limit ?? PAGE_LIMIT_DEFAULT
  const where: SQL[] = [closedAfter(userId, req.cursor)]
  if (req.product_types?.length) where.push(inArray(earnPositions.productType, req.product_types))
  const rows = await db
    .select({ pos: earnPositions, apr: products.apr })
    .from(earnPositions)
    .innerJoin(products, eq(products.id, earnPositions.productId))
    .where(and(...where))
    .orderBy(...closedOrder)
    .limit(limit + 1)
  const page = rows.slice(0, limit)
  const sums = page.length
    ? await db
        .select({
          positionId: ledgerPostings.positionId,
          kind: ledgerPostings.kind,
          coin: ledgerPostings.coin,
          amount: sql<string>`sum(${ledgerPostings.amount})`,
        })
        .from(ledgerPostings)
        .where(
          and(
            eq(ledgerPostings.userId, userId),
            inArray(
              ledgerPostings.positionId,
              page.map((r) => r.pos.id),
            ),
          ),
        )
        .groupBy(ledgerPostings.positionId, ledgerPostings.kind, ledgerPostings.coin)
    : []
  const positions = page.map(({ pos, apr }): ClosedPosition => {
    const mine = sums.filter((s) => s.positionId === pos.id)
    const total = (kinds: readonly string[]) =>
      mine.filter((s) => kinds.includes(s.kind)).reduce((a, s) => a.plus(s.amount), money(0))
    const received = new Map<string, Money>()
    for (const s of mine.filter((m) => PAID_OUT.includes(m.kind)))
      received.set(s.coin, (received.get(s.coin) ?? money(0)).plus(s.amount))
    const wire = positionToWire(pos, apr)
    return {
      position_id: pos.id,
      product_id: pos.productId,
      product_type: wire.product_type,
      coin: pos.coin,
      amount: trimDecimal(total(PAID_IN)),
      total_yield: wire.total_yield,
      forfeited_yield: trimDecimal(total([WalletRecordType.Forfeit])),
      outcome: outcomeOf(pos),
      received: [...received].map(([coin, amount]) => ({ coin, amount: trimDecimal(amount) })),
      started_at: wire.started_at,
      closed_at: toUnix(pos.closedAt!),
      dual: wire.dual,
    }
  })
  return { positions, next_cursor: nextClosedCursor(rows, limit) }
}
