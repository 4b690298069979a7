/** The desktop table's order as the `sort` search param spells it: column and direction. */
export type ProductSort = `${'apr' | 'term' | 'min' | 'remaining'}_${'asc' | 'desc'}`

/** A `sort` param from the URL, or undefined (the list's own order: lowest risk first). */
export const parseProductSort = (value: unknown): ProductSort | undefined =>
  typeof value === 'string' && /^(apr|term|min|remaining)_(asc|desc)$/.test(value)
    ? (value as ProductSort)
    : undefined
