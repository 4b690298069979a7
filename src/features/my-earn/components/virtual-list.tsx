import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useCallback, useEffect, useRef, type ReactNode } from 'react'

/** Rows kept in the DOM above and below the visible ones. */
const OVERSCAN = 8

/**
 * A fixed-row-height window over a long list, on @tanstack/react-virtual: only the rows in
 * view (plus a margin) are in the DOM, so 10,000 rows cost what 30 do. Calls onEndReached
 * when the last rows come near.
 *
 * Smooth at 10,000 rows (e2e/my-earn-wallet-records-perf.spec.ts): the virtualizer renders
 * only when the range of row indexes (or its scrolling flag) changes, without flushSync in the
 * scroll event, and each row is a memoised element keyed by its record id, so a new page or a
 * scroll step mounts the rows that came into view and leaves the others alone.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  height,
  renderRow,
  rowKey,
  onEndReached,
  label,
  testId,
}: {
  items: readonly T[]
  rowHeight: number
  /** CSS height of the scroll box (e.g. '70vh'). */
  height: string
  /** Keep it stable (useCallback) so unchanged rows are not rendered again. */
  renderRow: (item: T, index: number) => ReactNode
  rowKey: (item: T) => string
  onEndReached?: () => void
  label: string
  testId?: string
}) {
  const ref = useRef<HTMLDivElement>(null)
  // Stable between renders: the virtualiser recomputes every row's offset (10,000 objects)
  // whenever its key function changes, so a new one per render cost that on each scroll step.
  const getItemKey = useCallback((i: number) => rowKey(items[i]!), [items, rowKey])
  const estimateSize = useCallback(() => rowHeight, [rowHeight])
  // The library's hook returns functions React Compiler must not memoise (it says so itself).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => ref.current,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN,
    // A render per range change, scheduled by React rather than forced inside the scroll event.
    useFlushSync: false,
    // Before the box is measured (and on the server): a screenful, as the old window did.
    initialRect: { width: 0, height: 800 },
  })
  const rows = virtualizer.getVirtualItems()
  const last = rows.at(-1)?.index ?? -1

  // Ask for more while a screenful of rows is still left, so scrolling never hits the end.
  const nearEnd = last >= items.length - OVERSCAN
  useEffect(() => {
    if (nearEnd && items.length) onEndReached?.()
  }, [nearEnd, items.length, onEndReached])

  return (
    <div
      ref={ref}
      tabIndex={0}
      role="region"
      aria-label={label}
      data-testid={testId}
      // An opaque background lets Chromium composite the scroller at device pixel ratio 1.
      style={{ height, overflowY: 'auto', contain: 'strict' }}
      className="rounded-xl border border-solid border-[var(--earn-border)] bg-[var(--earn-bg)]"
    >
      <ul
        aria-label={label}
        className="relative m-0 list-none p-0"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {rows.map((row) => (
          <Row
            key={row.key}
            index={row.index}
            total={items.length}
            top={row.start}
            rowHeight={rowHeight}
            item={items[row.index]}
            renderRow={renderRow as (item: unknown, index: number) => ReactNode}
          />
        ))}
      </ul>
    </div>
  )
}

/** One positioned row; skipped by React while its item, place and list length are the same. */
const Row = memo(function Row({
  index,
  total,
  top,
  rowHeight,
  item,
  renderRow,
}: {
  index: number
  total: number
  top: number
  rowHeight: number
  item: unknown
  renderRow: (item: unknown, index: number) => ReactNode
}) {
  return (
    <li
      aria-setsize={total}
      aria-posinset={index + 1}
      className="absolute inset-x-0 box-border"
      style={{ top, height: rowHeight, contain: 'strict' }}
    >
      {renderRow(item, index)}
    </li>
  )
})
