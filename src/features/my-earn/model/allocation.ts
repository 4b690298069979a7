import Decimal from 'decimal.js'
import type { GetAssetsSummaryV2Response } from '../../../../contract/earn-account.schema'
import type { ProductType } from '../../../../contract/enums'

export type AllocationSlice = {
  productType: ProductType
  usd: string
  /** Share of the total in percent, one decimal; the slices add up to exactly 100. */
  percent: number
}

/**
 * The user's earn value by product type (get-assets-summary-v2's by_product_type), largest
 * first, as percentages of the total that add up to 100.0: each share is cut to tenths and
 * the tenths left over go to the largest remainders, so a pie never shows 99.9 % or 100.1 %.
 */
export function allocationByType(
  byType: GetAssetsSummaryV2Response['by_product_type'] | undefined,
): AllocationSlice[] {
  const items = (byType ?? [])
    .map((b) => ({ productType: b.product_type, usd: new Decimal(b.usd_value) }))
    .filter((b) => b.usd.gt(0))
    .sort((a, b) => b.usd.cmp(a.usd) || a.productType - b.productType)
  const total = items.reduce((s, b) => s.plus(b.usd), new Decimal(0))
  if (total.isZero()) return []
  const tenths = items.map((b) => b.usd.div(total).times(1000))
  const floors = tenths.map((x) => x.floor().toNumber())
  let left = 1000 - floors.reduce((s, x) => s + x, 0)
  const byRemainder = tenths
    .map((x, i) => ({ i, rest: x.minus(floors[i]!) }))
    .sort((a, b) => b.rest.cmp(a.rest) || a.i - b.i)
  for (const { i } of byRemainder) {
    if (left <= 0) break
    floors[i]! += 1
    left -= 1
  }
  return items.map((b, i) => ({
    productType: b.productType,
    usd: b.usd.toFixed(),
    percent: floors[i]! / 10,
  }))
}
