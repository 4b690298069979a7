import { memo, useEffect, useRef, useState, type ReactNode } from 'react'

/** Rows kept in the DOM above and below the visible ones. */
const OVERSCAN = 8

type Window = { first: number; last: number }

const sameWindow = (a: Window, b: Window) => a.first === b.first && a.last === b.last

/**
 * A fixed-row-height window over a long list: only the rows in view (plus a margin) are in
 * the DOM, so 10,000 rows cost what 30 do. Calls onEndReached when the last rows come near.
 *
 * Smooth at 10,000 rows (e2e/my-earn-wallet-records-perf.spec.ts): the scroll handler only
 * schedules one animation-frame read per frame (no layout read inside the event), the box's
 * height comes from a ResizeObserver, React renders only when the window of row indexes moves,
 * and each row is a memoised element keyed by its record id, so a new page or a scroll step
 * mounts the rows that came into view and leaves the others alone.
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
  const viewHeight = useRef(800)
  const frame = useRef(0)
  const [range, setRange] = useState<Window>(() => windowAt(0, 800, rowHeight))

  // One read of the scroll position per frame, then a render only if other rows are in view.
  const update = () => {
    frame.current = 0
    const box = ref.current
    if (!box) return
    const next = windowAt(box.scrollTop, viewHeight.current, rowHeight)
    setRange((prev) => (sameWindow(prev, next) ? prev : next))
  }
  const onScroll = () => {
    if (!frame.current) frame.current = requestAnimationFrame(update)
  }

  useEffect(() => {
    const box = ref.current
    if (!box) return
    const observer = new ResizeObserver(([entry]) => {
      viewHeight.current = entry?.contentRect.height ?? box.clientHeight
      update()
    })
    observer.observe(box)
    return () => {
      observer.disconnect()
      cancelAnimationFrame(frame.current)
      frame.current = 0
    }
    // update reads refs only; the observer lives as long as the box.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rowHeight])

  const first = Math.min(range.first, items.length)
  const last = Math.min(range.last, items.length)

  // Ask for more while a screenful of rows is still left, so scrolling never hits the end.
  const nearEnd = last >= items.length - OVERSCAN
  useEffect(() => {
    if (nearEnd && items.length) onEndReached?.()
  }, [nearEnd, items.length, onEndReached])

  const rows: ReactNode[] = []
  for (let i = first; i < last; i++) {
    const item = items[i]!
    rows.push(
      <Row
        key={rowKey(item)}
        index={i}
        total={items.length}
        rowHeight={rowHeight}
        item={item}
        renderRow={renderRow as (item: unknown, index: number) => ReactNode}
      />,
    )
  }

  return (
    <div
      ref={ref}
      tabIndex={0}
      role="region"
      aria-label={label}
      data-testid={testId}
      onScroll={onScroll}
      // An opaque background lets Chromium composite the scroller at device pixel ratio 1.
      style={{ height, overflowY: 'auto', contain: 'strict' }}
      className="rounded-xl border border-solid border-[var(--earn-border)] bg-[var(--earn-bg)]"
    >
      <ul
        aria-label={label}
        className="relative m-0 list-none p-0"
        style={{ height: items.length * rowHeight }}
      >
        {rows}
      </ul>
    </div>
  )
}

function windowAt(top: number, height: number, rowHeight: number): Window {
  return {
    first: Math.max(0, Math.floor(top / rowHeight) - OVERSCAN),
    last: Math.ceil((top + height) / rowHeight) + OVERSCAN,
  }
}

/** One positioned row; skipped by React while its item, index and list length are the same. */
const Row = memo(function Row({
  index,
  total,
  rowHeight,
  item,
  renderRow,
}: {
  index: number
  total: number
  rowHeight: number
  item: unknown
  renderRow: (item: unknown, index: number) => ReactNode
}) {
  return (
    <li
      aria-setsize={total}
      aria-posinset={index + 1}
      className="absolute inset-x-0 box-border"
      style={{ top: index * rowHeight, height: rowHeight, contain: 'strict' }}
    >
      {renderRow(item, index)}
    </li>
  )
})
