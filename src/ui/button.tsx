import type { ButtonHTMLAttributes } from 'react'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost'

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-[var(--earn-accent)] text-[var(--earn-accent-text)] border-transparent',
  secondary: 'bg-[var(--earn-surface)] text-[var(--earn-text)] border-[var(--earn-border)]',
  ghost: 'bg-transparent text-[var(--earn-accent-strong)] border-transparent',
}

/** A button's look, for a link that acts as one (an empty state's "Explore products"). */
export const buttonClass = (variant: ButtonVariant = 'primary', block = false) =>
  `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-solid px-4 py-2 text-base font-600 no-underline cursor-pointer disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${block ? 'w-full' : ''}`

/**
 * A primary action that cannot be taken (sold out, not started): grey, not a faded accent, which
 * on a dark page still read as a live button. A busy button keeps its accent (it is working).
 */
const UNAVAILABLE =
  '!bg-[var(--earn-muted-soft)] !text-[var(--earn-hint)] !border-[var(--earn-border)] !opacity-100'

/** A button that says it is busy instead of taking a second press. */
export function Button({
  variant = 'primary',
  busy = false,
  block = false,
  className = '',
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant
  busy?: boolean
  block?: boolean
}) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`${buttonClass(variant, block)} ${disabled && !busy && variant === 'primary' ? UNAVAILABLE : ''} ${className}`}
      {...rest}
    >
      {busy && (
        <span
          aria-hidden="true"
          className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-solid border-current border-t-transparent"
        />
      )}
      {children}
    </button>
  )
}
