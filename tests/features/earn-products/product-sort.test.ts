import { describe, expect, it } from 'vitest'
import type { ProductCard } from '../../../contract/earn.schema'
import {
  nextSort,
  sortCards,
  sortDirection,
} from '../../../src/features/earn-products/model/product-sort'
import { parseProductSort } from '../../../src/features/earn-products/model/product-sort-param'

const card = (id: string, apr: string, term: number, min: string, remaining: string) =>
  ({
    product_id: id,
    apr,
    term_days: term,
    min_amount: min,
    remaining_quota: remaining,
  }) as ProductCard

// Lowest risk first: the list's own order.
const cards = [
  card('flex', '0.055', 0, '1', '31250000'),
  card('fixed', '0.082', 30, '10', '0'),
  card('dual', '0.452', 3, '10', '1280000'),
  card('fixed-7', '0.055', 7, '100', '1500000'),
]
const ids = (list: readonly ProductCard[]) => list.map((c) => c.product_id)

describe('product table sort', () => {
  it('accepts only the column_direction values, anything else is the default order', () => {
    expect(parseProductSort('apr_desc')).toBe('apr_desc')
    expect(parseProductSort('remaining_asc')).toBe('remaining_asc')
    for (const bad of [
      'apr',
      'price_desc',
      'apr_desc ',
      'APR_DESC',
      1,
      null,
      undefined,
      ['apr_desc'],
    ])
      expect(parseProductSort(bad)).toBeUndefined()
  })

  it('sorts by the decimal value of a column, equal values keeping the risk order', () => {
    expect(ids(sortCards(cards, undefined))).toEqual(['flex', 'fixed', 'dual', 'fixed-7'])
    expect(ids(sortCards(cards, 'apr_desc'))).toEqual(['dual', 'fixed', 'flex', 'fixed-7'])
    expect(ids(sortCards(cards, 'apr_asc'))).toEqual(['flex', 'fixed-7', 'fixed', 'dual'])
    expect(ids(sortCards(cards, 'term_asc'))).toEqual(['flex', 'dual', 'fixed-7', 'fixed'])
    expect(ids(sortCards(cards, 'min_desc'))).toEqual(['fixed-7', 'fixed', 'dual', 'flex'])
    expect(ids(sortCards(cards, 'remaining_desc'))).toEqual(['flex', 'fixed-7', 'dual', 'fixed'])
    // The caller's list is left as it was.
    expect(ids(cards)).toEqual(['flex', 'fixed', 'dual', 'fixed-7'])
  })

  it('a header click goes to the useful direction, then the other, then back to the default', () => {
    expect(nextSort(undefined, 'apr')).toBe('apr_desc')
    expect(nextSort('apr_desc', 'apr')).toBe('apr_asc')
    expect(nextSort('apr_asc', 'apr')).toBeUndefined()
    expect(nextSort('apr_desc', 'term')).toBe('term_asc')
    expect(nextSort('term_asc', 'term')).toBe('term_desc')
    expect(sortDirection('apr_desc', 'apr')).toBe('descending')
    expect(sortDirection('apr_asc', 'apr')).toBe('ascending')
    expect(sortDirection('apr_asc', 'term')).toBeUndefined()
    expect(sortDirection(undefined, 'apr')).toBeUndefined()
  })
})
