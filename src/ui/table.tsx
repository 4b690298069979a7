import type { HTMLAttributes, ReactNode } from 'react'

export type SortDirection = 'asc' | 'desc'
export type TableSort<S extends string = string> = { key: S; direction: SortDirection }

export type TableColumn<T, S extends string = string> = {
  /** Unique per table (React key, and `data-column` on the cells). */
  key: string
  header: ReactNode
  cell: (row: T, index: number) => ReactNode
  align?: 'start' | 'end' | 'center'
  /** Makes the header a sort button; the caller sorts the rows (see `sort`, `onSortChange`). */
  sortKey?: S
  /** The direction a first press sorts by (APR: highest first). Default 'desc'. */
  firstDirection?: SortDirection
  /** This column's cell names the row (a `<th scope="row">`): usually the coin or product. */
  rowHeader?: boolean
  /** Extra classes on the header and the cells (e.g. 'hidden md:table-cell'). */
  className?: string
}

const ALIGN = { start: 'text-start', end: 'text-end', center: 'text-center' } as const
const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const

/** The sort a press on `key`'s header asks for: the other direction on the sorted column. */
export function nextSort<S extends string>(
  current: TableSort<S> | undefined,
  key: S,
  firstDirection: SortDirection = 'desc',
): TableSort<S> {
  if (current?.key !== key) return { key, direction: firstDirection }
  return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
}

/**
 * A semantic data table: caption, column headers with scope, one row header per row, and
 * sortable columns whose header is a button and whose `<th>` carries aria-sort. Sorting is
 * the caller's (its rows may come sorted from the server or the URL); the table says which
 * column is sorted and asks for the next sort. Wide tables scroll inside their own box.
 */
export function Table<T, S extends string = string>({
  columns,
  rows,
  rowKey,
  caption,
  showCaption = false,
  sort,
  onSortChange,
  rowProps,
  testId,
  className = '',
}: {
  columns: readonly TableColumn<T, S>[]
  rows: readonly T[]
  rowKey: (row: T) => string
  /** Names the table for assistive tech; visible only with showCaption. */
  caption: string
  showCaption?: boolean
  sort?: TableSort<S>
  onSortChange?: (sort: TableSort<S>) => void
  /** Attributes for a row (data-testid, data-id). */
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>
  testId?: string
  className?: string
}) {
  return (
    <div className={`overflow-x-auto ${className}`}>
      <table className="w-full border-collapse text-sm" data-testid={testId}>
        <caption className={showCaption ? 'pb-2 text-start text-base font-700' : 'sr-only'}>
          {caption}
        </caption>
        <thead>
          <tr className="text-xs text-[var(--earn-hint)]">
            {columns.map((c) => {
              const sorted = c.sortKey !== undefined && sort?.key === c.sortKey
              const align = ALIGN[c.align ?? 'start']
              return (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={
                    c.sortKey === undefined
                      ? undefined
                      : sorted
                        ? ARIA_SORT[sort!.direction]
                        : 'none'
                  }
                  className={`px-2 py-2 font-600 first:ps-0 last:pe-0 ${align} ${c.className ?? ''}`}
                >
                  {c.sortKey !== undefined && onSortChange ? (
                    <button
                      type="button"
                      onClick={() => onSortChange(nextSort(sort, c.sortKey!, c.firstDirection))}
                      className={`inline-flex min-h-8 cursor-pointer items-center gap-1 border-none bg-transparent p-0 text-xs font-600 ${sorted ? 'text-[var(--earn-text)]' : 'text-[var(--earn-hint)]'}`}
                    >
                      {c.header}
                      <span aria-hidden="true" className="inline-block w-3">
                        {sorted ? (sort!.direction === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  ) : (
                    c.header
                  )}
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr
              key={rowKey(row)}
              className="border-t border-solid border-[var(--earn-border)] border-x-0 border-b-0"
              {...rowProps?.(row)}
            >
              {columns.map((c) => {
                const Cell = c.rowHeader ? 'th' : 'td'
                return (
                  <Cell
                    key={c.key}
                    scope={c.rowHeader ? 'row' : undefined}
                    data-column={c.key}
                    className={`px-2 py-2 align-middle first:ps-0 last:pe-0 ${c.rowHeader ? 'font-600' : 'font-400'} ${ALIGN[c.align ?? 'start']} ${c.className ?? ''}`}
                  >
                    {c.cell(row, i)}
                  </Cell>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
