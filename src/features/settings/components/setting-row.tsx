import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { settingErrorKey } from '../setting-errors'

/** One setting: its name, an explanation, and its control at the end of the row. */
export function SettingRow({
  id,
  title,
  hint,
  children,
}: {
  id: string
  title: string
  hint?: ReactNode
  children: ReactNode
}) {
  return (
    <section
      data-testid={`setting-${id}`}
      className="flex flex-wrap items-center gap-3 border-b border-b-solid border-[var(--earn-border)] py-4"
    >
      {/* Never narrower than its longest word: a wide control (the language names) wraps
          onto a line of its own instead of squeezing the title. */}
      <div className="flex-1">
        <h2 id={`setting-${id}-title`} className="m-0 text-base font-600">
          {title}
        </h2>
        {hint && <p className="m-0 mt-1 text-sm text-[var(--earn-hint)]">{hint}</p>}
      </div>
      {children}
    </section>
  )
}

/** An on/off control announced as a switch, named by its row's title. */
export function Switch({
  id,
  checked,
  busy = false,
  disabled = false,
  onChange,
}: {
  id: string
  checked: boolean
  busy?: boolean
  disabled?: boolean
  onChange: (next: boolean) => void
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={`setting-${id}-title`}
      aria-busy={busy || undefined}
      disabled={disabled || busy}
      onClick={() => onChange(!checked)}
      className={`relative h-7 w-12 shrink-0 cursor-pointer rounded-full border-none p-0 transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${checked ? 'bg-[var(--earn-accent)]' : 'bg-[var(--earn-hint)]'}`}
    >
      <span
        aria-hidden="true"
        className={`absolute top-1 h-5 w-5 rounded-full bg-white transition-all ${checked ? '[inset-inline-end:4px]' : '[inset-inline-start:4px]'}`}
      />
    </button>
  )
}

/** A row's explanation, and below it why the last change failed (announced). */
export function SettingHint({ text, error }: { text: string; error: unknown }) {
  const { t } = useTranslation()
  return (
    <>
      {text}
      {error ? (
        <span role="alert" className="mt-1 block text-[var(--earn-negative)]">
          {t(settingErrorKey(error))}
        </span>
      ) : null}
    </>
  )
}

/** A section of settings that is no single control: its heading, then what it lists. */
export function SettingSection({
  id,
  title,
  children,
}: {
  id: string
  title: string
  children: ReactNode
}) {
  return (
    <section
      data-testid={`setting-${id}`}
      aria-labelledby={`setting-${id}-title`}
      className="border-b border-b-solid border-[var(--earn-border)] py-4"
    >
      <h2 id={`setting-${id}-title`} className="m-0 text-base font-600">
        {title}
      </h2>
      {children}
    </section>
  )
}
