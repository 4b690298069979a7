import { Link, useLocation, useParams } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { Card } from '../../../ui/card'

/** Visitors see why the tab is empty and a way in that comes back here. */
export function LiquidityLoginPrompt() {
  const { t } = useTranslation()
  const { locale } = useParams({ strict: false })
  const href = useLocation({ select: (l) => l.href })
  return (
    <Card
      variant="outline"
      data-testid="liquidity-login"
      className="flex flex-wrap items-center justify-between gap-3"
    >
      <p className="m-0 text-[var(--earn-hint)]">{t('myEarn.liquidity.loginPrompt')}</p>
      <Link
        to="/{-$locale}/login"
        params={{ locale: locale ?? 'en' }}
        search={{ redirect_url: `${location.origin}${href}` }}
        className="inline-flex min-h-11 items-center rounded-lg bg-[var(--earn-accent)] px-4 font-600 text-[var(--earn-accent-text)] no-underline"
      >
        {t('myEarn.liquidity.login')}
      </Link>
    </Card>
  )
}
