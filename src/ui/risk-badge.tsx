const TONE = {
  low: 'bg-[var(--earn-accent-soft)] text-[var(--earn-accent-strong)]',
  medium: 'bg-[var(--earn-warn-soft)] text-[var(--earn-warn)]',
  high: 'bg-[var(--earn-negative-soft)] text-[var(--earn-negative)]',
} as const

/** A product's risk in words (translated by the caller, as ui does) and colour; low risk goes untagged, so the tag means something. */
export function RiskBadge({ level, label }: { level: keyof typeof TONE; label: string }) {
  if (level === 'low') return null
  return (
    <span
      data-testid="risk-badge"
      data-risk={level}
      className={`inline-block whitespace-nowrap rounded-md px-1.5 py-0.5 text-xs font-600 ${TONE[level]}`}
    >
      {label}
    </span>
  )
}
