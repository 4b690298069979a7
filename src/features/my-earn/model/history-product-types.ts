import { ProductType } from '../../../../contract/enums'
import type { HistoryTab } from './history-search'

// Apart from history-search.ts, which the first load holds (the route's validateSearch).
const NAMED: Record<Exclude<HistoryTab, 'all' | 'other'>, readonly ProductType[]> = {
  savings: [ProductType.Flexible, ProductType.FixedTerm],
  staking: [ProductType.POS],
  dual: [ProductType.Dual],
}
const named = new Set<number>(Object.values(NAMED).flat())

/** The get-position-history filter of a tab: every family but the named ones for "other". */
export function historyFilter(tab: HistoryTab): { product_types?: ProductType[] } {
  if (tab === 'all') return {}
  if (tab === 'other')
    return { product_types: Object.values(ProductType).filter((t) => !named.has(t)) }
  return { product_types: [...NAMED[tab]] }
}
