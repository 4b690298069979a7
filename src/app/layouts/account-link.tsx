import { Link, useLocation, useParams } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { useProfile } from '../../features/auth/api/get-profile'
import { useHydrated } from '../../lib/hydration/use-hydrated'

/** Login entry for visitors, the signed-in user's name otherwise; then settings (web only). */
export default function AccountLink() {
  return (
    <>
      <AccountName />
      <SettingsLink />
    </>
  )
}

/** Inside Telegram, settings open from Telegram's own Settings item (TelegramShell). */
function SettingsLink() {
  const { t } = useTranslation()
  const { locale } = useParams({ strict: false })
  return (
    <Link
      to="/{-$locale}/earn/settings"
      params={{ locale }}
      data-web-only=""
      data-testid="settings-link"
      aria-label={t('settingsLink')}
      title={t('settingsLink')}
      className="shrink-0 rounded-lg px-2 py-2 text-lg leading-none text-[var(--earn-hint)] no-underline"
    >
      <span aria-hidden="true">⚙</span>
    </Link>
  )
}

function AccountName() {
  const { t } = useTranslation()
  const { locale } = useParams({ strict: false })
  const { data: profile, isPending } = useProfile()
  const href = useLocation({ select: (l) => l.href })
  // The server draws no session; a login that finished first (Telegram's) shows once hydrated.
  const hydrated = useHydrated()
  if (isPending || !hydrated) return null
  if (profile)
    return (
      // The signed-in name leads to what they hold: their earn assets and positions.
      // A Telegram account shows its Telegram first name and photo, not the tg_<id> username.
      <Link
        to="/{-$locale}/earn/my-earn"
        params={{ locale }}
        data-testid="account-name"
        className="flex max-w-full min-w-0 items-center gap-2 rounded-lg px-3 py-2 text-sm font-600 text-[var(--earn-accent-strong)] no-underline"
      >
        {profile.photo_url && (
          <img
            src={profile.photo_url}
            alt=""
            width={24}
            height={24}
            referrerPolicy="no-referrer"
            data-testid="account-photo"
            className="h-6 w-6 shrink-0 rounded-full object-cover"
            // A photo that does not load leaves the name alone, not a broken image.
            onError={(e) => (e.currentTarget.hidden = true)}
          />
        )}
        <span className="truncate">{profile.first_name || profile.username}</span>
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
