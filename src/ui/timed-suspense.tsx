import { Suspense, useEffect, useState, type ReactNode } from 'react'
import { i18n } from '../lib/i18n/i18n'
import { SUSPENSE_TIMEOUT_MS } from '../lib/query/query-client'

type Mark = (update: (state: number) => number) => void

/** Rendered with the boundary's content, so its effect runs once that content is in. */
function Settled({ mark }: { mark: Mark }) {
  useEffect(() => mark((s) => s || 1), [mark])
  return null
}

/**
 * Suspense that gives up after 120 s (spec §9): content still not in by then throws, and the
 * route's error boundary shows a message and a retry instead of a part that waits for ever.
 * The clock runs in this wrapper, not in a fallback: a boundary hydrating server markup shows
 * no fallback while it waits. State: 0 waiting, 1 settled, 2 expired.
 */
export function TimedSuspense({ children }: { children: ReactNode }) {
  const [state, mark] = useState(0)
  useEffect(() => {
    const timer = setTimeout(() => mark((s) => s || 2), SUSPENSE_TIMEOUT_MS)
    return () => clearTimeout(timer)
  }, [])
  if (state === 2) throw new Error(i18n.t('app.timeout'))
  return (
    <Suspense fallback={null}>
      {children}
      <Settled mark={mark} />
    </Suspense>
  )
}
