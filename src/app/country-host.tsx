import { Suspense, useEffect, useRef, useState } from 'react'
import { onCountryAsked } from '../lib/http/country-required'
import { lazyUntilLoaded } from '../lib/loading/import-until-loaded'

// The picker is rare (once per account); only this listener ships with the first load.
const CountrySheet = lazyUntilLoaded(async () => {
  const [sheet, texts] = await Promise.all([import('./country-sheet'), import('./i18n-namespaces')])
  await texts.loadNamespace('compliance')
  return { default: sheet.CountrySheet }
})

/** Opens the country-of-residence picker when a money move meets 10451, answers the asker. */
export default function CountryHost() {
  const [open, setOpen] = useState(false)
  const answer = useRef<((ok: boolean) => void) | null>(null)
  useEffect(
    () =>
      onCountryAsked((declared) => {
        answer.current?.(false)
        answer.current = declared
        setOpen(true)
      }),
    [],
  )
  const done = (ok: boolean) => {
    setOpen(false)
    answer.current?.(ok)
    answer.current = null
  }
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <CountrySheet onDone={done} />
    </Suspense>
  )
}
