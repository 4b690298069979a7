import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

/** A readable error with a retry, instead of a blank screen. */
export function RouteError({ error }: ErrorComponentProps) {
  const { t } = useTranslation()
  const router = useRouter()
  const { reset } = useQueryErrorResetBoundary()
  return (
    <div role="alert" className="flex flex-col items-start gap-3 py-8">
      <p className="m-0 font-600">{t('app.error')}</p>
      <p className="m-0 text-sm text-[var(--earn-hint)]">
        {error instanceof Error ? error.message : String(error)}
      </p>
      <button
        type="button"
        className="rounded-lg bg-[var(--earn-accent)] px-4 py-2 text-white"
        onClick={() => {
          reset()
          void router.invalidate()
        }}
      >
        {t('app.retry')}
      </button>
    </div>
  )
}
