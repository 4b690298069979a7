/**
 * A determinate progress bar (0–100) announced as a progressbar: the label says of what, the
 * value text says it in words ("42% · 12 days left"). It fills from the reading start, so it
 * runs right to left in ar-SA.
 */
export function ProgressBar({
  value,
  label,
  valueText,
  className = '',
  testId,
}: {
  value: number
  label: string
  valueText?: string
  className?: string
  testId?: string
}) {
  const now = Math.round(Math.min(100, Math.max(0, value)))
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={now}
      aria-valuetext={valueText}
      data-testid={testId}
      className={`h-1.5 w-full overflow-hidden rounded-full bg-[var(--earn-muted-soft)] ${className}`}
    >
      <div className="h-full rounded-full bg-[var(--earn-accent)]" style={{ width: `${now}%` }} />
    </div>
  )
}
