import { eq } from 'drizzle-orm'
import {
  EarnPublicTopic,
  type BenchmarkPrice,
  type InstrumentInfo,
  type OfferPush,
} from '../../../contract/earn-socket'
import { OFFER_TOPIC_OF_TYPE } from '../../../contract/offer-topics'
import { ProductType } from '../../../contract/enums'
import type { Database } from '../../db/client'
import { products } from '../../db/schema'
import type { PriceSimulator } from '../market/price-simulator'
import { cardStatusOf } from './product-status'
import { trimDecimal } from './money'

/** Each offer topic with the product types it pushes (contract's OFFER_TOPIC_OF_TYPE). */
const OFFER_TOPIC_TYPES: Record<string, number[]> = {}
for (const [type, topic] of Object.entries(OFFER_TOPIC_OF_TYPE))
  (OFFER_TOPIC_TYPES[topic!] ??= []).push(Number(type))

export const PUBLIC_TOPICS: readonly string[] = Object.values(EarnPublicTopic)

/** The data of each public topic at `now` (one DB read of the catalogue per call). */
export async function publicTopicData(
  db: Database,
  market: PriceSimulator,
  topics: Set<string>,
  now: Date,
): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>()
  if (!topics.size) return out
  const rows = await db.select().from(products).where(eq(products.offline, 0)).orderBy(products.id)
  const price = async (coin: string) => (await market.usdPrice(coin, now)) ?? '0'
  if (topics.has(EarnPublicTopic.DualAssetBenchmarkPrice)) {
    const coins = [
      ...new Set(
        rows.filter((r) => r.productType === ProductType.Dual && r.offer).map((r) => r.offer!),
      ),
    ]
    const seen = new Set<string>()
    const data: BenchmarkPrice[] = []
    for (const o of coins) {
      const symbol = `${o.baseCoin}${o.quoteCoin}`
      if (seen.has(symbol)) continue
      seen.add(symbol)
      data.push({ symbol, price: await price(o.baseCoin) })
    }
    out.set(EarnPublicTopic.DualAssetBenchmarkPrice, data)
  }
  for (const [topic, types] of Object.entries(OFFER_TOPIC_TYPES)) {
    if (!topics.has(topic)) continue
    const data: OfferPush[] = []
    for (const r of rows.filter((x) => types.includes(x.productType))) {
      data.push({
        product_id: r.id,
        coin: r.offer?.baseCoin ?? r.coin,
        apr: trimDecimal(r.apr),
        index_price: await price(r.offer?.baseCoin ?? r.coin),
        target_price: r.offer?.targetPrice ?? null,
        remaining_quota: trimDecimal(r.remainingQuota),
      })
    }
    out.set(topic, data)
  }
  if (topics.has(EarnPublicTopic.AllInstrumentInfo)) {
    const data: InstrumentInfo[] = rows.map((r) => ({
      product_id: r.id,
      product_type: r.productType,
      apr: trimDecimal(r.apr),
      remaining_quota: trimDecimal(r.remainingQuota),
      card_status: cardStatusOf(r, now),
    }))
    out.set(EarnPublicTopic.AllInstrumentInfo, data)
  }
  return out
}
