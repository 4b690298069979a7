import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { LiveMark } from './live-mark'

export function NotFound() {
  const { t } = useTranslation()
  return (
    <main className="mx-auto flex max-w-[600px] flex-col items-start gap-3 px-4 py-16 text-[var(--earn-text)]">
      <h1 className="m-0 text-2xl font-700">{t('notFound.title')}</h1>
      <p className="m-0 text-[var(--earn-hint)]">{t('notFound.body')}</p>
      <Link
        to="/{-$locale}/earn/home"
        params={{ locale: undefined }}
        className="rounded-lg bg-[var(--earn-accent)] px-4 py-2 text-[var(--earn-accent-text)] no-underline"
      >
        {t('notFound.back')}
      </Link>
      <LiveMark />
    </main>
  )
}
