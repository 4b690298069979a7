import type { ButtonHTMLAttributes } from 'react'

/** A filter toggle: aria-pressed tells assistive tech whether it is on. */
export function Chip({
  selected,
  className = '',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { selected: boolean }) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      className={`min-h-9 cursor-pointer whitespace-nowrap rounded-full border border-solid px-3 py-1 text-sm ${selected ? 'border-[var(--earn-accent)] bg-[var(--earn-accent-soft)] font-600 text-[var(--earn-accent-strong)]' : 'border-[var(--earn-border)] bg-transparent text-[var(--earn-text)]'} ${className}`}
      {...rest}
    />
  )
}
