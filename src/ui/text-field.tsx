import { useId, type InputHTMLAttributes, type ReactNode } from 'react'

/** A labelled input with hint and error text wired to aria-describedby. */
export function TextField({
  label,
  hint,
  error,
  end,
  className = '',
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode
  hint?: ReactNode
  error?: ReactNode
  /** Content after the input inside its box (a unit, a max button). */
  end?: ReactNode
}) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ')
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-600">
        {label}
      </label>
      <div
        className={`flex min-h-11 items-center gap-2 rounded-lg border border-solid bg-[var(--earn-bg)] px-3 ${error ? 'border-[var(--earn-negative)]' : 'border-[var(--earn-border-strong)]'}`}
      >
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className="min-w-0 flex-1 border-none bg-transparent py-2 text-base text-[var(--earn-text)] outline-none"
          {...input}
        />
        {end}
      </div>
      {hint && (
        <p id={hintId} className="m-0 text-xs text-[var(--earn-hint)]">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="m-0 text-sm text-[var(--earn-negative)]">
          {error}
        </p>
      )}
    </div>
  )
}
