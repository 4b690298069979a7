import { and, eq, isNotNull, lte } from 'drizzle-orm'
import {
  AccountType,
  DualDirection,
  DualStage,
  PositionStatus,
  WalletRecordType,
} from '../../../contract/enums'
import type { Database } from '../../db/client'
import { earnPositions, HOUSE_ACCOUNT_TYPE, HOUSE_USER_ID, products } from '../../db/schema'
import type { PriceSimulator } from '../market/price-simulator'
import { behaviourOf } from './catalogue'
import { notifyEarnEvent } from './events'
import { moveEntries, post } from './ledger'
import { money, Money, trimDecimal } from './money'
import { enqueueNotification } from '../../telegram/notifications'
import { closePosition } from './redemption'
import { accruePosition } from './yield'
import type Decimal from 'decimal.js'
import { dualSettlement } from '../../../contract/settlement'

/**
 * Job: fixed terms at maturity pay principal and yield back to FUNDING; dual-asset positions
 * settle at expiry from the simulator's price, in either coin, or fail with a refund.
 */
export async function runMaturity(
  db: Database,
  market: PriceSimulator,
  now: Date,
): Promise<number> {
  const due = await db
    .select({ id: earnPositions.id })
    .from(earnPositions)
    .where(
      and(
        eq(earnPositions.status, PositionStatus.Active),
        isNotNull(earnPositions.maturityAt),
        lte(earnPositions.maturityAt, now),
      ),
    )
  let settled = 0
  for (const { id } of due) {
    const price = await (async () => {
      const [row] = await db.select().from(earnPositions).where(eq(earnPositions.id, id))
      return row?.dual ? market.usdPrice(row.dual.baseCoin, row.maturityAt!) : null
    })()
    await db.transaction(async (tx) => {
      const [pos] = await tx
        .select()
        .from(earnPositions)
        .where(eq(earnPositions.id, id))
        .for('update')
      if (!pos || pos.status !== PositionStatus.Active) return
      const [p] = await tx.select().from(products).where(eq(products.id, pos.productId))
      if (!p) return
      if (behaviourOf(p) !== 'dual' || !pos.dual) {
        const accrued = await accruePosition(tx, pos, p, pos.maturityAt!)
        const paid = await closePosition(tx, accrued, p, now, {})
        await enqueueNotification(tx, {
          userId: pos.userId,
          kind: 'matured',
          params: { coin: pos.coin, amount: trimDecimal(paid.principal.plus(paid.yieldPaid)) },
          dedupeKey: `matured:${pos.id}`,
          now,
        })
      } else {
        await settleDual(tx, pos, p.apr, p.termDays, price, now)
      }
      settled++
    })
  }
  return settled
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

async function settleDual(
  tx: Tx,
  pos: typeof earnPositions.$inferSelect,
  apr: string,
  termDays: number,
  price: string | null,
  now: Date,
) {
  const d = pos.dual!
  const principal = money(pos.principal)
  const refs = {
    userId: pos.userId,
    at: now,
    productId: pos.productId,
    productType: pos.productType,
    positionId: pos.id,
  }
  let paidOut: { coin: string; amount: Decimal; refunded: boolean }
  if (price === null) {
    paidOut = { coin: pos.coin, amount: principal, refunded: true }
    await post(tx, {
      ...refs,
      kind: WalletRecordType.Redeem,
      coin: pos.coin,
      amount: principal,
      entries: moveEntries(pos.userId, pos.coin, AccountType.EARN, AccountType.FUNDING, principal),
    })
    await tx
      .update(earnPositions)
      .set({
        principal: '0',
        status: PositionStatus.Settled,
        closedAt: now,
        dual: { ...d, stage: DualStage.Failed },
      })
      .where(eq(earnPositions.id, pos.id))
  } else {
    // The same formula the product page's scenario table shows (contract/settlement.ts).
    const { coin, amount } = dualSettlement(
      Money,
      {
        principal: pos.principal,
        apr,
        termDays,
        direction: d.direction as DualDirection,
        targetPrice: d.targetPrice,
        investCoin: pos.coin,
        baseCoin: d.baseCoin,
        quoteCoin: d.quoteCoin,
      },
      price,
    )
    paidOut = { coin, amount, refunded: false }
    const house = (c: string, a: Decimal) => ({
      userId: HOUSE_USER_ID,
      coin: c,
      accountType: HOUSE_ACCOUNT_TYPE,
      amount: a,
    })
    await post(tx, {
      ...refs,
      kind: WalletRecordType.Settle,
      coin,
      amount,
      entries: [
        {
          userId: pos.userId,
          coin: pos.coin,
          accountType: AccountType.EARN,
          amount: principal.neg(),
        },
        house(pos.coin, principal),
        house(coin, amount.neg()),
        { userId: pos.userId, coin, accountType: AccountType.FUNDING, amount },
      ],
    })
    await tx
      .update(earnPositions)
      .set({
        principal: '0',
        status: PositionStatus.Settled,
        closedAt: now,
        dual: {
          ...d,
          stage: DualStage.Completed,
          settledCoin: coin,
          settledAmount: amount.toFixed(),
          settlePrice: price,
        },
      })
      .where(eq(earnPositions.id, pos.id))
  }
  await notifyEarnEvent(tx, {
    user_id: pos.userId,
    topic: 'user.position',
    data: { position_id: pos.id, product_id: pos.productId, event: 'settled' },
  })
  await enqueueNotification(tx, {
    userId: pos.userId,
    kind: paidOut.refunded ? 'dual_refunded' : 'dual_settled',
    params: { coin: paidOut.coin, amount: trimDecimal(paidOut.amount) },
    dedupeKey: `dual:${pos.id}`,
    now,
  })
}
