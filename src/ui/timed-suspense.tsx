import { Suspense, useCallback, useEffect, useState, type ReactNode } from 'react'
import { i18n } from '../lib/i18n/i18n'
import { SUSPENSE_TIMEOUT_MS } from '../lib/query/query-client'

/** Rendered with the boundary's content, so its effect runs once that content is in. */
function Settled({ onSettled }: { onSettled: () => void }) {
  useEffect(onSettled, [onSettled])
  return null
}

/**
 * Suspense that gives up after 120 s (spec §9): content still not in by then throws, and the
 * route's error boundary shows a message and a retry instead of a part that waits for ever.
 * The clock runs in this wrapper, not in the fallback: a boundary hydrating server markup shows
 * no fallback while it waits.
 */
export function TimedSuspense({
  fallback = null,
  children,
}: {
  fallback?: ReactNode
  children: ReactNode
}) {
  const [state, setState] = useState<'waiting' | 'settled' | 'expired'>('waiting')
  const settle = useCallback(() => setState((s) => (s === 'waiting' ? 'settled' : s)), [])
  useEffect(() => {
    if (state !== 'waiting') return
    const timer = setTimeout(
      () => setState((s) => (s === 'waiting' ? 'expired' : s)),
      SUSPENSE_TIMEOUT_MS,
    )
    return () => clearTimeout(timer)
  }, [state])
  if (state === 'expired') throw new Error(i18n.t('app.timeout'))
  return (
    <Suspense fallback={fallback}>
      {children}
      <Settled onSettled={settle} />
    </Suspense>
  )
}
