import { useTranslation } from 'react-i18next'
import { useLoginHref } from '../../../lib/http/use-login-href'
import { Card } from '../../../ui/card'

/**
 * Visitors see why the tab is empty and a way in that comes back here: a plain link, drawn by
 * the server too (the page's path until hydration, its full address after; useLoginHref).
 */
export function LiquidityLoginPrompt() {
  const { t } = useTranslation()
  const loginHref = useLoginHref()
  return (
    <Card
      variant="outline"
      data-testid="liquidity-login"
      className="flex flex-wrap items-center justify-between gap-3"
    >
      <p className="m-0 text-[var(--earn-hint)]">{t('myEarn.liquidity.loginPrompt')}</p>
      <a
        href={loginHref}
        className="inline-flex min-h-11 items-center rounded-lg bg-[var(--earn-accent)] px-4 font-600 text-[var(--earn-accent-text)] no-underline"
      >
        {t('myEarn.liquidity.login')}
      </a>
    </Card>
  )
}
