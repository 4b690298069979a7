import { and, eq, lte } from 'drizzle-orm'
import {
  AccountType,
  LiquidityPositionStatus,
  PositionStatus,
  WalletRecordType,
} from '../../../contract/enums'
import { earnPositions, products } from '../../db/schema'
import type { Database } from '../../db/client'
import { behaviourOf, yearlyYield, type ProductRow } from './catalogue'
import { notifyEarnEvent } from './events'
import { mintEntries, post } from './ledger'
import { HOUR_MS, money, trimDecimal, YIELD_DP, type Tx } from './money'
import type { PriceSimulator } from '../market/price-simulator'
import { enqueueNotification } from '../../telegram/notifications'
import Decimal from 'decimal.js'

export type PositionRow = typeof earnPositions.$inferSelect

/** Hours a year has for hourly accrual: APR / 365 / 24 per hour. */
const HOURS_PER_YEAR = 365 * 24

/**
 * Pays the whole hours of yield a (locked) position has earned up to `until` (capped at its
 * maturity): minted by the house into EARN, claimable (fixed terms: paid out at maturity).
 * `exact`: pays up to `until` to the millisecond, pro rata (before a flexible top-up changes
 * the principal, so the new money earns nothing for time it was not there).
 */
export async function accruePosition(
  tx: Tx,
  pos: PositionRow,
  p: ProductRow,
  until: Date,
  { exact = false }: { exact?: boolean } = {},
): Promise<PositionRow> {
  if (pos.status !== PositionStatus.Active) return pos
  const b = behaviourOf(p)
  if (b === 'dual') return pos
  if (b === 'liquidity' && pos.liquidityStatus !== LiquidityPositionStatus.Effective) return pos
  const end = pos.maturityAt && pos.maturityAt < until ? pos.maturityAt : until
  const elapsed = end.getTime() - pos.accruedUntil.getTime()
  const hours = exact ? elapsed / HOUR_MS : Math.floor(elapsed / HOUR_MS)
  if (hours <= 0) return pos
  const perYear = yearlyYield(p, money(pos.principal), money(pos.aprBoost)).times(pos.leverage ?? 1)
  const amount = perYear
    .times(exact ? elapsed : hours)
    .div(exact ? HOURS_PER_YEAR * HOUR_MS : HOURS_PER_YEAR)
    .toDecimalPlaces(YIELD_DP, Decimal.ROUND_DOWN)
  const accruedUntil = exact ? end : new Date(pos.accruedUntil.getTime() + hours * HOUR_MS)
  if (amount.isZero()) {
    const [row] = await tx
      .update(earnPositions)
      .set({ accruedUntil })
      .where(eq(earnPositions.id, pos.id))
      .returning()
    return row!
  }
  await post(tx, {
    userId: pos.userId,
    kind: WalletRecordType.Yield,
    coin: pos.coin,
    amount,
    at: accruedUntil,
    productId: pos.productId,
    productType: pos.productType,
    positionId: pos.id,
    entries: mintEntries(pos.userId, pos.coin, AccountType.EARN, amount),
  })
  const [row] = await tx
    .update(earnPositions)
    .set({
      accruedUntil,
      claimableYield: money(pos.claimableYield).plus(amount).toFixed(),
      totalYield: money(pos.totalYield).plus(amount).toFixed(),
    })
    .where(eq(earnPositions.id, pos.id))
    .returning()
  return row!
}

/** Claimable yield worth `thresholdUsd` or more is announced once per crossing (bot). */
export type YieldAlert = { market: PriceSimulator; thresholdUsd: number }

/** Hourly job: every open position accrues the hours it is owed; one transaction each. */
export async function runAccrual(db: Database, now: Date, alert?: YieldAlert): Promise<number> {
  const due = await db
    .select({ id: earnPositions.id, coin: earnPositions.coin })
    .from(earnPositions)
    .where(
      and(
        eq(earnPositions.status, PositionStatus.Active),
        lte(earnPositions.accruedUntil, new Date(now.getTime() - HOUR_MS)),
      ),
    )
  let paid = 0
  // Prices are read before the transactions (the simulator's first read uses the database).
  const prices = new Map<string, Decimal | null>()
  if (alert)
    for (const coin of new Set(due.map((d) => d.coin))) {
      const usd = await alert.market.usdPrice(coin, now)
      prices.set(coin, usd === null ? null : money(usd))
    }
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [pos] = await tx
        .select()
        .from(earnPositions)
        .where(eq(earnPositions.id, id))
        .for('update')
      if (!pos) return
      const [p] = await tx.select().from(products).where(eq(products.id, pos.productId))
      if (!p) return
      const after = await accruePosition(tx, pos, p, now)
      if (after.claimableYield !== pos.claimableYield) {
        paid++
        const price = prices.get(pos.coin)
        const worth = (v: string) => (price ? money(v).times(price) : money(0))
        if (
          price &&
          alert &&
          worth(pos.claimableYield).lt(alert.thresholdUsd) &&
          worth(after.claimableYield).gte(alert.thresholdUsd)
        )
          await enqueueNotification(tx, {
            userId: pos.userId,
            kind: 'yield_claimable',
            params: { coin: pos.coin, amount: trimDecimal(after.claimableYield) },
            dedupeKey: `yield:${pos.id}:${after.accruedUntil.toISOString()}`,
            now,
          })
        await notifyEarnEvent(tx, {
          user_id: pos.userId,
          topic: 'user.position',
          data: { position_id: pos.id, product_id: pos.productId, event: 'yield' },
        })
      }
    })
  }
  return paid
}
