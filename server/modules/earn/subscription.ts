import { and, eq, sql } from 'drizzle-orm'
import {
  AccountType,
  DualStage,
  LiquidityPositionStatus,
  PositionStatus,
  VoucherStatus,
  WalletRecordType,
} from '../../../contract/enums'
import { earnPositions, earnVouchers } from '../../db/schema'
import type { CurrentUser } from '../../http/auth'
import { behaviourOf, type ProductRow } from './catalogue'
import { newId, type OrderWrite } from './idempotency'
import { mintEntries, post } from './ledger'
import { maturityMs, valueDateMs } from '../../../contract/subscription-dates'
import { money, type Money, type Tx } from './money'
import { accruePosition } from './yield'

// What a successful pay-order creates: the position (or a flexible top-up) and voucher effects.

/** Yield starts at the next whole hour (contract/subscription-dates.ts). */
export const valueDateOf = (now: Date) => new Date(valueDateMs(now.getTime()))

/**
 * The position a pay-order opens, or the flexible holding it tops up. A new position's insert is
 * returned rather than run (`write`): the order writes it in its last statement (issue 28).
 */
export async function openPosition(
  tx: Tx,
  p: ProductRow,
  user: CurrentUser,
  amount: Money,
  now: Date,
  leverage: Money,
  boost: { id: string; value: string } | null,
): Promise<{ id: string; write?: OrderWrite }> {
  const b = behaviourOf(p)
  if (b === 'flexible' && !boost) {
    // One flexible holding per product, as on Binance Simple Earn: new money tops it up.
    const [open] = await tx
      .select()
      .from(earnPositions)
      .where(
        and(
          eq(earnPositions.userId, user.id),
          eq(earnPositions.productId, p.id),
          eq(earnPositions.status, PositionStatus.Active),
          eq(earnPositions.aprBoost, '0'),
        ),
      )
      .for('update')
    if (open) {
      // The holding is paid up to now at its old principal first (pro rata for the started
      // hour): from here whole hours run from now, so money topped up at :59 does not earn the
      // hour it was not there for. Before its value date nothing has accrued; nothing to pay.
      await accruePosition(tx, open, p, now, { exact: true })
      await tx
        .update(earnPositions)
        .set({ principal: sql`${earnPositions.principal} + ${amount.toFixed()}::numeric` })
        .where(eq(earnPositions.id, open.id))
      return { id: open.id }
    }
  }
  const values = newPositionValues({ p, user, amount, now, leverage, boost })
  const insert = tx.insert(earnPositions).values(values)
  return { id: values.id, write: { ctes: sql`position as (${insert.getSQL()})` } }
}

/** A new position's row, as pay-order inserts it (one order, or a batch: order-batch.ts). */
export function newPositionValues({
  p,
  user,
  amount,
  now,
  leverage,
  boost,
}: {
  p: ProductRow
  user: CurrentUser
  amount: Money
  now: Date
  leverage: Money
  boost: { id: string; value: string } | null
}): typeof earnPositions.$inferInsert & { id: string } {
  const b = behaviourOf(p)
  const id = newId('pos')
  const maturity = p.termDays > 0 ? new Date(maturityMs(now.getTime(), p.termDays)) : null
  return {
    id,
    userId: user.id,
    productId: p.id,
    productType: p.productType,
    coin: p.coin,
    principal: amount.toFixed(),
    aprBoost: boost ? boost.value : '0',
    status: PositionStatus.Active,
    liquidityStatus: b === 'liquidity' ? LiquidityPositionStatus.AddPending : null,
    leverage: b === 'liquidity' ? leverage.toFixed() : null,
    voucherId: boost?.id ?? null,
    startedAt: now,
    accruedUntil: valueDateOf(now),
    maturityAt: maturity,
    dual:
      b === 'dual' && p.offer
        ? {
            direction: p.offer.direction,
            baseCoin: p.offer.baseCoin,
            quoteCoin: p.offer.quoteCoin,
            targetPrice: p.offer.targetPrice ?? '0',
            stage: DualStage.Active,
            settlementAt: maturity!.toISOString(),
            settledCoin: null,
            settledAmount: null,
            settlePrice: null,
          }
        : null,
  }
}

export async function applyVoucher(
  tx: Tx,
  user: CurrentUser,
  voucher: { id: string; kind: string; value: string },
  positionId: string,
  p: ProductRow,
  orderId: string,
  now: Date,
): Promise<void> {
  if (voucher.kind === 'bonus') {
    const bonus = money(voucher.value)
    await post(tx, {
      userId: user.id,
      kind: WalletRecordType.Bonus,
      coin: p.coin,
      amount: bonus,
      at: now,
      productId: p.id,
      productType: p.productType,
      orderId,
      positionId,
      entries: mintEntries(user.id, p.coin, AccountType.FUNDING, bonus),
    })
  }
  await tx
    .update(earnVouchers)
    .set({
      status: voucher.kind === 'bonus' ? VoucherStatus.Used : VoucherStatus.Using,
      positionId,
    })
    .where(eq(earnVouchers.id, voucher.id))
}
