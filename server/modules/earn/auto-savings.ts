import { and, eq } from 'drizzle-orm'
import type {
  EditAutoSavingsRequest,
  GetAutoSavingsOpenStatusResponse,
} from '../../../contract/earn-account.schema'
import { AccountType, ProductType } from '../../../contract/enums'
import type { Database } from '../../db/client'
import { autoSavings, products, users } from '../../db/schema'
import { currentUserOf, type CurrentUser } from '../../http/auth'
import { holdingsOf, remainingLimitOf } from './catalogue'
import { balanceOf } from './ledger'
import { DAY_MS, toUnixOrNull } from './money'
import { guardWrite, type EarnDeps } from './order-checks'
import { invalid } from './order-errors'
import { payOrder } from './orders'

/** The flexible product idle balance of each coin goes into (the first flexible one). */
async function savingsProducts(db: Database): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: products.id, coin: products.coin })
    .from(products)
    .where(and(eq(products.productType, ProductType.Flexible), eq(products.offline, 0)))
    .orderBy(products.id)
  const out = new Map<string, string>()
  for (const r of rows) if (!out.has(r.coin)) out.set(r.coin, r.id)
  return out
}

export async function autoSavingsStatus(
  db: Database,
  userId: number,
  coin?: string,
): Promise<GetAutoSavingsOpenStatusResponse> {
  const targets = await savingsProducts(db)
  const rows = await db.select().from(autoSavings).where(eq(autoSavings.userId, userId))
  const byCoin = new Map(rows.map((r) => [r.coin, r]))
  const items = [...targets]
    .filter(([c]) => !coin || c === coin.toUpperCase())
    .map(([c, productId]) => ({
      coin: c,
      open: byCoin.get(c)?.open ?? false,
      product_id: productId,
      updated_at: toUnixOrNull(byCoin.get(c)?.updatedAt ?? null),
    }))
  return { items }
}

export async function editAutoSavings(
  deps: EarnDeps,
  user: CurrentUser,
  req: EditAutoSavingsRequest,
) {
  const { db, clock } = deps
  await guardWrite(db, user)
  const coin = req.coin.toUpperCase()
  const productId = (await savingsProducts(db)).get(coin)
  if (!productId) throw invalid(`coin: no flexible savings product for ${coin}`)
  const now = clock.now()
  await db
    .insert(autoSavings)
    .values({ userId: user.id, coin, open: req.open, updatedAt: now })
    .onConflictDoUpdate({
      target: [autoSavings.userId, autoSavings.coin],
      set: { open: req.open, updatedAt: now },
    })
  return {
    coin,
    open: req.open,
    product_id: productId,
    updated_at: Math.floor(now.getTime() / 1000),
  }
}

/** The user as the auth layer would see them, for jobs acting on a user's behalf. */
async function userForJob(db: Database, userId: number): Promise<CurrentUser | null> {
  const [u] = await db.select().from(users).where(eq(users.id, userId))
  if (!u) return null
  return currentUserOf(db, u, '')
}

/** Daily job: idle FUNDING balance of users who turned auto-savings on goes into flexible savings. */
export async function runAutoSavings(deps: EarnDeps, now: Date): Promise<number> {
  const { db } = deps
  const day = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS).toISOString().slice(0, 10)
  const open = await db.select().from(autoSavings).where(eq(autoSavings.open, true))
  const targets = await savingsProducts(db)
  let swept = 0
  for (const row of open) {
    if (row.lastSweepDay === day) continue
    const productId = targets.get(row.coin)
    const user = await userForJob(db, row.userId)
    await db
      .update(autoSavings)
      .set({ lastSweepDay: day })
      .where(and(eq(autoSavings.userId, row.userId), eq(autoSavings.coin, row.coin)))
    if (!productId || !user) continue
    const [p] = await db.select().from(products).where(eq(products.id, productId))
    const idle = await balanceOf(db, row.userId, row.coin, AccountType.FUNDING)
    const holding = (await holdingsOf(db, row.userId, [productId])).get(productId)
    const amount = idle.lt(remainingLimitOf(p!, holding ?? idle.times(0)))
      ? idle
      : remainingLimitOf(p!, holding ?? idle.times(0))
    if (amount.lt(p!.minAmount)) continue
    try {
      await payOrder(deps, user, {
        order_id: `auto-${day}-${row.coin}`,
        product_id: productId,
        amount: amount.toFixed(),
      })
      swept++
    } catch {
      // Not eligible, maintenance, limits: the sweep waits for tomorrow, like a declined order.
    }
  }
  return swept
}
