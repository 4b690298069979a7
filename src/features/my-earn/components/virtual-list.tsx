import { useEffect, useRef, useState, type ReactNode } from 'react'

/**
 * A fixed-row-height window over a long list: only the rows in view (plus a margin) are in
 * the DOM, so 10,000 rows cost what 30 do. Calls onEndReached when the last rows come near.
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
  renderRow: (item: T, index: number) => ReactNode
  rowKey: (item: T) => string
  onEndReached?: () => void
  label: string
  testId?: string
}) {
  const ref = useRef<HTMLDivElement>(null)
  const [view, setView] = useState({ top: 0, height: 800 })
  const overscan = 8
  const first = Math.max(0, Math.floor(view.top / rowHeight) - overscan)
  const last = Math.min(items.length, Math.ceil((view.top + view.height) / rowHeight) + overscan)

  useEffect(() => {
    const box = ref.current
    if (!box) return
    const measure = () => setView({ top: box.scrollTop, height: box.clientHeight })
    const observer = new ResizeObserver(measure)
    observer.observe(box)
    measure()
    return () => observer.disconnect()
  }, [])

  // Ask for more while a screenful of rows is still left, so scrolling never hits the end.
  const nearEnd = last >= items.length - overscan
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
      onScroll={(e) =>
        setView({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight })
      }
      style={{ height, overflowY: 'auto', contain: 'strict' }}
      className="rounded-xl border border-solid border-[var(--earn-border)]"
    >
      <ul
        aria-label={label}
        className="relative m-0 list-none p-0"
        style={{ height: items.length * rowHeight }}
      >
        {items.slice(first, last).map((item, i) => (
          <li
            key={rowKey(item)}
            aria-setsize={items.length}
            aria-posinset={first + i + 1}
            className="absolute inset-x-0 box-border"
            style={{ top: (first + i) * rowHeight, height: rowHeight }}
          >
            {renderRow(item, first + i)}
          </li>
        ))}
      </ul>
    </div>
  )
}
