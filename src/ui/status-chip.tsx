import type { ReactNode } from 'react'

const TONES = {
  neutral: 'bg-[var(--earn-muted-soft)] text-[var(--earn-text)]',
  muted: 'bg-[var(--earn-muted-soft)] text-[var(--earn-hint)]',
  // Green on a faint green (not the accent's tint, under which it fell to 4.49:1): AA on
  // the web's white and Telegram's light palettes alike.
  positive:
    'bg-[color-mix(in_srgb,var(--earn-positive)_8%,transparent)] text-[var(--earn-positive)]',
  warning: 'bg-[var(--earn-warn-soft)] text-[var(--earn-warn)]',
  negative: 'bg-[var(--earn-negative-soft)] text-[var(--earn-negative)]',
} as const

export type StatusTone = keyof typeof TONES

/**
 * A state in words on a tinted pill (the colour only repeats what the words say, so it reads
 * without colour too). The caller translates the words; data attributes pass through for tests.
 */
export function StatusChip({
  tone,
  children,
  className = '',
  ...data
}: {
  tone: StatusTone
  children: ReactNode
  className?: string
  [data: `data-${string}`]: string | number | undefined
}) {
  return (
    <span
      data-tone={tone}
      className={`inline-flex w-fit items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-600 ${TONES[tone]} ${className}`}
      {...data}
    >
      {children}
    </span>
  )
}
