import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useCallback, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { retryDelay } from '../lib/query/query-client'
import { LiveMark } from './live-mark'

/** A readable error with a retry, instead of a blank screen; it also retries by itself. */
export function RouteError({ error }: ErrorComponentProps) {
  const { t } = useTranslation()
  const router = useRouter()
  const { reset } = useQueryErrorResetBoundary()
  const retry = useCallback(() => {
    reset()
    void router.invalidate()
  }, [reset, router])

  // The page comes back on its own once the API answers: retry with the request backoff
  // (1 s doubling to 30 s) and at once when the browser says it is online again.
  useEffect(() => {
    let attempt = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    const schedule = () => {
      timer = setTimeout(() => {
        retry()
        schedule()
      }, retryDelay(attempt++))
    }
    schedule()
    window.addEventListener('online', retry)
    return () => {
      clearTimeout(timer)
      window.removeEventListener('online', retry)
    }
  }, [retry])

  return (
    <div role="alert" className="flex flex-col items-start gap-3 py-8">
      <p className="m-0 font-600">{t('app.error')}</p>
      <p className="m-0 text-sm text-[var(--earn-hint)]">
        {error instanceof Error ? error.message : String(error)}
      </p>
      <button
        type="button"
        className="rounded-lg bg-[var(--earn-accent)] px-4 py-2 text-[var(--earn-accent-text)]"
        onClick={retry}
      >
        {t('app.retry')}
      </button>
      <LiveMark />
    </div>
  )
}
