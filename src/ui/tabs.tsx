import { useRef, type KeyboardEvent } from 'react'

export type TabItem<K extends string> = { key: K; label: string }

/**
 * A tab list (WAI-ARIA tabs pattern): arrow keys move between tabs, respecting the reading
 * direction, so RTL users move the way they read. Labels take one line while there is room;
 * when there is not (German at 390 px), they wrap between words before the list scrolls.
 */
export function Tabs<K extends string>({
  items,
  value,
  onChange,
  label,
  idPrefix,
}: {
  items: readonly TabItem<K>[]
  value: K
  onChange: (key: K) => void
  label: string
  idPrefix: string
}) {
  const listRef = useRef<HTMLDivElement>(null)
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl'
    const forward = (e.key === 'ArrowRight') !== rtl
    const index = items.findIndex((i) => i.key === value)
    const next = items[(index + (forward ? 1 : items.length - 1)) % items.length]!
    onChange(next.key)
    listRef.current?.querySelector<HTMLElement>(`#${idPrefix}-tab-${next.key}`)?.focus()
  }
  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className="flex gap-1 overflow-x-auto border-b border-solid border-[var(--earn-border)] border-x-0 border-t-0"
    >
      {items.map((item) => {
        const selected = item.key === value
        return (
          <button
            key={item.key}
            id={`${idPrefix}-tab-${item.key}`}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.key)}
            className={`min-h-11 cursor-pointer border-none bg-transparent px-3 text-center text-sm leading-tight ${selected ? 'font-700 text-[var(--earn-text)] shadow-[inset_0_-2px_0_var(--earn-accent)]' : 'text-[var(--earn-hint)]'}`}
          >
            {item.label}
          </button>
        )
      })}
    </div>
  )
}

/** The panel a Tabs list controls. */
export function TabPanel({
  idPrefix,
  value,
  children,
}: {
  idPrefix: string
  value: string
  children: React.ReactNode
}) {
  return (
    <div
      id={`${idPrefix}-panel`}
      role="tabpanel"
      aria-labelledby={`${idPrefix}-tab-${value}`}
      className="pt-4"
    >
      {children}
    </div>
  )
}
