import { Link, useLocation, useParams } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { useProfile } from '../../features/auth/api/get-profile'

/** Login entry for visitors; the signed-in user's name otherwise. */
export function AccountLink() {
  const { t } = useTranslation()
  const { locale } = useParams({ strict: false })
  const { data: profile, isPending } = useProfile()
  const href = useLocation({ select: (l) => l.href })
  if (isPending) return null
  if (profile)
    return (
      // The signed-in name leads to what they hold: their earn assets and positions.
      <Link
        to="/{-$locale}/earn/my-earn"
        params={{ locale }}
        data-testid="account-name"
        className="max-w-[40vw] truncate rounded-lg px-3 py-2 text-sm font-600 text-[var(--earn-accent-strong)] no-underline"
      >
        {profile.username}
      </Link>
    )
  return (
    <Link
      to="/{-$locale}/login"
      params={{ locale: locale ?? 'en' }}
      search={{ redirect_url: `${location.origin}${href}` }}
      className="whitespace-nowrap rounded-lg px-3 py-2 text-sm font-600 text-[var(--earn-accent-strong)] no-underline"
    >
      {t('account.login')}
    </Link>
  )
}
