import { and, eq, gte, sql } from 'drizzle-orm'
import type {
  GetAssetsSummaryV2Response,
  GetUserPnlRequest,
  GetUserPnlResponse,
} from '../../../contract/earn-account.schema'
import { PositionStatus, WalletRecordType, type ProductType } from '../../../contract/enums'
import type { Database } from '../../db/client'
import { earnPositions, ledgerPostings } from '../../db/schema'
import type { PriceSimulator } from '../market/price-simulator'
import { DAY_MS, money, toUnix, trimDecimal, type Money } from './money'

const USD_DP = 2

/** USD prices of coins at one instant from the price simulator (0 for unknown coins). */
export async function usdPrices(
  market: PriceSimulator,
  coins: Iterable<string>,
  at: Date,
): Promise<Map<string, Money>> {
  const out = new Map<string, Money>()
  for (const coin of new Set(coins)) out.set(coin, money((await market.usdPrice(coin, at)) ?? 0))
  return out
}

export async function assetsSummary(
  db: Database,
  market: PriceSimulator,
  userId: number,
  now: Date,
): Promise<GetAssetsSummaryV2Response> {
  const positions = await db
    .select()
    .from(earnPositions)
    .where(and(eq(earnPositions.userId, userId), eq(earnPositions.status, PositionStatus.Active)))
  const dayStart = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS)
  const yesterday = await yieldByCoin(db, userId, new Date(dayStart.getTime() - DAY_MS), dayStart)
  const allYield = await yieldByCoin(db, userId, new Date(0), now)
  const coins = new Set([...positions.map((p) => p.coin), ...allYield.keys()])
  const prices = await usdPrices(market, coins, now)
  const perCoin = new Map<string, { principal: Money; claimable: Money }>()
  const perType = new Map<number, Money>()
  for (const pos of positions) {
    const c = perCoin.get(pos.coin) ?? { principal: money(0), claimable: money(0) }
    c.principal = c.principal.plus(pos.principal)
    c.claimable = c.claimable.plus(pos.claimableYield)
    perCoin.set(pos.coin, c)
    const usd = money(pos.principal).plus(pos.claimableYield).times(prices.get(pos.coin)!)
    perType.set(pos.productType, (perType.get(pos.productType) ?? money(0)).plus(usd))
  }
  let total = money(0)
  let totalYield = money(0)
  let yesterdayUsd = money(0)
  const coinRows = [...coins].sort().map((coin) => {
    const c = perCoin.get(coin) ?? { principal: money(0), claimable: money(0) }
    const price = prices.get(coin)!
    const usd = c.principal.plus(c.claimable).times(price)
    total = total.plus(usd)
    totalYield = totalYield.plus((allYield.get(coin) ?? money(0)).times(price))
    yesterdayUsd = yesterdayUsd.plus((yesterday.get(coin) ?? money(0)).times(price))
    return {
      coin,
      principal: trimDecimal(c.principal),
      claimable_yield: trimDecimal(c.claimable),
      total_yield: trimDecimal(allYield.get(coin) ?? money(0)),
      usd_price: trimDecimal(price),
      usd_value: usd.toFixed(USD_DP),
    }
  })
  return {
    total_usd: total.toFixed(USD_DP),
    total_yield_usd: totalYield.toFixed(USD_DP),
    yesterday_yield_usd: yesterdayUsd.toFixed(USD_DP),
    coins: coinRows,
    by_product_type: [...perType]
      .sort(([a], [b]) => a - b)
      .map(([t, v]) => ({ product_type: t as ProductType, usd_value: v.toFixed(USD_DP) })),
    priced_at: toUnix(now),
  }
}

async function yieldByCoin(
  db: Database,
  userId: number,
  from: Date,
  to: Date,
): Promise<Map<string, Money>> {
  const rows = await db
    .select({
      coin: ledgerPostings.coin,
      total: sql<string>`sum(case when ${ledgerPostings.kind} = ${WalletRecordType.Forfeit} then -${ledgerPostings.amount} else ${ledgerPostings.amount} end)`,
    })
    .from(ledgerPostings)
    .where(
      and(
        eq(ledgerPostings.userId, userId),
        sql`${ledgerPostings.kind} in (${WalletRecordType.Yield}, ${WalletRecordType.Bonus}, ${WalletRecordType.Forfeit})`,
        gte(ledgerPostings.createdAt, from),
        sql`${ledgerPostings.createdAt} < ${to}`,
      ),
    )
    .groupBy(ledgerPostings.coin)
  return new Map(rows.map((r) => [r.coin, money(r.total ?? 0)]))
}

/** Daily yield (UTC days, oldest first), valued at each day's end price. */
export async function userPnl(
  db: Database,
  market: PriceSimulator,
  userId: number,
  req: GetUserPnlRequest,
  now: Date,
): Promise<GetUserPnlResponse> {
  const days = req.days ?? 7
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS
  const from = new Date(today - (days - 1) * DAY_MS)
  const where = [
    eq(ledgerPostings.userId, userId),
    eq(ledgerPostings.kind, WalletRecordType.Yield),
    gte(ledgerPostings.createdAt, from),
  ]
  if (req.coin) where.push(eq(ledgerPostings.coin, req.coin.toUpperCase()))
  const rows = await db
    .select({
      day: sql<string>`floor(extract(epoch from ${ledgerPostings.createdAt}) / 86400)::int`,
      coin: ledgerPostings.coin,
      total: sql<string>`sum(${ledgerPostings.amount})`,
    })
    .from(ledgerPostings)
    .where(and(...where))
    .groupBy(sql`1`, ledgerPostings.coin)
  const byDay = new Map<number, { coin: string; amount: Money }[]>()
  for (const r of rows) {
    const d = Number(r.day)
    byDay.set(d, [...(byDay.get(d) ?? []), { coin: r.coin, amount: money(r.total) }])
  }
  let cumulative = money(0)
  const out: GetUserPnlResponse['days'] = []
  for (let i = 0; i < days; i++) {
    const start = from.getTime() + i * DAY_MS
    const items = (byDay.get(start / DAY_MS) ?? []).sort((a, b) => (a.coin < b.coin ? -1 : 1))
    const end = new Date(Math.min(start + DAY_MS - 1000, now.getTime()))
    const prices = await usdPrices(
      market,
      items.map((x) => x.coin),
      end,
    )
    const usd = items.reduce((s, x) => s.plus(x.amount.times(prices.get(x.coin)!)), money(0))
    cumulative = cumulative.plus(usd)
    out.push({
      date: new Date(start).toISOString().slice(0, 10),
      day_start: start / 1000,
      yield_usd: usd.toFixed(USD_DP),
      cumulative_usd: cumulative.toFixed(USD_DP),
      coins: items.map((x) => ({ coin: x.coin, amount: trimDecimal(x.amount) })),
    })
  }
  return { days: out, total_usd: cumulative.toFixed(USD_DP) }
}
