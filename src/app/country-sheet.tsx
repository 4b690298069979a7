import { useMutation } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DECLARE_COUNTRY_CALL, RESIDENCE_COUNTRIES } from '../../contract/residence'
import { earnCall } from '../lib/http/earn-client'
import { Dialog } from '../ui/dialog'

/**
 * Country of residence, asked once before a first money move of an account that has none
 * (docs/security.md round two item 6): a searchable list of names in the app's language. The
 * choice is final (support changes it), which the hint says.
 */
export function CountrySheet({ onDone }: { onDone: (declared: boolean) => void }) {
  const { t, i18n } = useTranslation()
  const [query, setQuery] = useState('')
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' })
    const collator = new Intl.Collator(i18n.language)
    return RESIDENCE_COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code })).sort(
      (a, b) => collator.compare(a.name, b.name),
    )
  }, [i18n.language])
  const needle = query.trim().toLocaleLowerCase(i18n.language)
  const shown = needle
    ? countries.filter(
        (c) =>
          c.name.toLocaleLowerCase(i18n.language).includes(needle) ||
          c.code.toLowerCase() === needle,
      )
    : countries
  const declare = useMutation({
    mutationFn: (code: string) => earnCall(DECLARE_COUNTRY_CALL, { country_code: code }),
    onSuccess: () => onDone(true),
  })
  return (
    <Dialog
      open
      onClose={() => onDone(false)}
      title={t('residence.title')}
      closeLabel={t('app.close')}
      testId="country-sheet"
    >
      <p className="m-0 text-sm text-[var(--earn-hint)]">{t('residence.hint')}</p>
      <input
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder={t('residence.search')}
        aria-label={t('residence.search')}
        className="w-full rounded-lg border border-solid border-[var(--earn-border)] bg-transparent px-3 py-2 text-start text-[var(--earn-text)] [font:inherit]"
      />
      <ul
        className="m-0 max-h-[50vh] list-none overflow-y-auto p-0"
        aria-label={t('residence.title')}
      >
        {shown.map((c) => (
          <li key={c.code}>
            <button
              type="button"
              disabled={declare.isPending}
              onClick={() => declare.mutate(c.code)}
              className="w-full cursor-pointer border-0 bg-transparent px-2 py-3 text-start text-[var(--earn-text)] hover:bg-[var(--earn-surface)] [font:inherit]"
            >
              {c.name}
            </button>
          </li>
        ))}
      </ul>
      {shown.length === 0 && <p className="m-0 text-[var(--earn-hint)]">{t('residence.none')}</p>}
      {declare.isError && (
        <p role="alert" className="m-0 text-sm text-[var(--earn-negative)]">
          {t('residence.failed')}
        </p>
      )}
    </Dialog>
  )
}
