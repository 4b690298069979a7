import type { ReactNode } from 'react'

/** A tray: "nothing here yet", neutral enough for positions, orders and records alike. */
function TrayIcon() {
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" fill="none" aria-hidden="true">
      <rect x="4" y="8" width="40" height="32" rx="8" fill="var(--earn-muted-soft)" />
      <path
        d="M10 26h8l3 5h6l3-5h8"
        stroke="var(--earn-hint)"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M16 17h16" stroke="var(--earn-hint)" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  )
}

/**
 * What an empty list says: an illustration, a title, a line of text, and the one thing to do
 * next (a link or button the caller builds, so ui stays free of routes and i18n).
 */
export function EmptyState({
  title,
  text,
  action,
  icon,
  compact = false,
  testId,
}: {
  title: string
  text?: ReactNode
  action?: ReactNode
  /** Replaces the tray (a coin icon, another illustration); decorative. */
  icon?: ReactNode
  /** Smaller, for a panel inside a page (a tab, a card). */
  compact?: boolean
  testId?: string
}) {
  return (
    <div
      data-testid={testId}
      className={`flex flex-col items-center gap-2 text-center ${compact ? 'py-4' : 'rounded-2xl bg-[var(--earn-surface)] px-4 py-8'}`}
    >
      {!compact && <span className="mb-1">{icon ?? <TrayIcon />}</span>}
      <p className="m-0 text-base font-700">{title}</p>
      {text && <p className="m-0 max-w-[42ch] text-sm text-[var(--earn-hint)]">{text}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  )
}
