import { Link, useParams } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { sessionStore } from '../../../lib/session/session-store'
import { useLoginHref } from '../../../lib/http/use-login-href'

const linkClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-[var(--earn-accent)] px-4 font-600 text-[var(--earn-accent-text)] no-underline'

/** The product page of a product whose gray-release stage does not include this user. */
export function ProductNotReleased() {
  const { t } = useTranslation()
  const { userId } = useSnapshot(sessionStore)
  const loginHref = useLoginHref()
  const { locale } = useParams({ strict: false })
  return (
    <section
      role="status"
      data-testid="product-not-released"
      className="mx-auto box-border flex w-full max-w-[720px] flex-col items-start gap-3 rounded-xl bg-[var(--earn-warn-soft)] p-4 text-[var(--earn-text)]"
    >
      <h1 className="m-0 text-xl font-700">{t('subscribe.notReleased.title')}</h1>
      <p className="m-0">{t('subscribe.notReleased.body')}</p>
      {userId > 0 ? (
        <Link to="/{-$locale}/earn/home" params={{ locale }} className={linkClass}>
          {t('subscribe.notReleased.back')}
        </Link>
      ) : (
        <a className={linkClass} href={loginHref}>
          {t('subscribe.notReleased.login')}
        </a>
      )}
    </section>
  )
}
