import type { ProductCard } from '../../../../contract/earn.schema'
import type { ProductSort } from './product-sort-param'

export type SortColumn = 'apr' | 'term' | 'min' | 'remaining'

const VALUE: Record<SortColumn, (card: ProductCard) => number> = {
  apr: (c) => Number(c.apr),
  term: (c) => c.term_days,
  min: (c) => Number(c.min_amount),
  remaining: (c) => Number(c.remaining_quota),
}

/** Cards in the table's order; the given order (lowest risk first) breaks ties and is the default. */
export function sortCards(cards: readonly ProductCard[], sort: ProductSort | undefined) {
  if (!sort) return cards
  const [column, dir] = sort.split('_') as [SortColumn, 'asc' | 'desc']
  const sign = dir === 'asc' ? 1 : -1
  // Array sort is stable: equal values keep their risk order. Doubles order decimal strings
  // well enough here (no two quotas differ only past the 15th digit that matters).
  return [...cards].sort((a, b) => sign * (VALUE[column](a) - VALUE[column](b)))
}

/** The column's direction in the current sort, for aria-sort; undefined when not sorted by it. */
export const sortDirection = (sort: ProductSort | undefined, column: SortColumn) =>
  sort?.startsWith(`${column}_`) ? (sort.endsWith('_asc') ? 'ascending' : 'descending') : undefined

/**
 * A header click: first the useful direction (highest APR, shortest term, lowest minimum,
 * most quota left), then the other, then back to the default order.
 */
export function nextSort(sort: ProductSort | undefined, column: SortColumn) {
  const first: ProductSort =
    column === 'apr' || column === 'remaining' ? `${column}_desc` : `${column}_asc`
  const second = (first.endsWith('_desc') ? `${column}_asc` : `${column}_desc`) as ProductSort
  return sort === first ? second : sort === second ? undefined : first
}
