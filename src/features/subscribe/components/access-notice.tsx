import { useTranslation } from 'react-i18next'
import { ProductAvailability } from '../../../../contract/enums'
import { useKycLevel } from '../api/get-kyc-info'
import { useLoginHref } from '../../../lib/http/use-login-href'
import { kycHref } from '../exchange-links'

const MESSAGE_KEYS: Record<number, string> = {
  [ProductAvailability.Unknown]: 'subscribe.access.unknown',
  [ProductAvailability.NotloggedIn]: 'subscribe.access.notLoggedIn',
  [ProductAvailability.KycLimited]: 'subscribe.access.kycLimited',
  [ProductAvailability.KycLimitedQueryException]: 'subscribe.access.kycQueryFailed',
  [ProductAvailability.TagBlocked]: 'subscribe.access.tagBlocked',
}

const linkClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-[var(--earn-accent)] px-4 font-600 text-[var(--earn-accent-text)] no-underline'

/** Why this user cannot subscribe, and the one thing that fixes it (login, KYC). */
export function AccessNotice({
  availability,
  kycLevel,
}: {
  availability: number
  kycLevel?: number
}) {
  const { t } = useTranslation()
  const kycLimited = availability === ProductAvailability.KycLimited
  const current = useKycLevel(kycLimited)
  const loginHref = useLoginHref()
  const key = MESSAGE_KEYS[availability]
  if (!key) return null
  return (
    <div
      role="status"
      data-testid="access-notice"
      data-availability={availability}
      className="flex flex-col gap-3 rounded-xl bg-[var(--earn-warn-soft)] p-4 text-[var(--earn-text)]"
    >
      <p className="m-0">{t(key, { level: kycLevel ?? 1 })}</p>
      {kycLimited && current.data !== undefined && (
        <p className="m-0 text-sm" data-testid="kyc-current-level">
          {t('subscribe.access.kycCurrent', { level: current.data })}
        </p>
      )}
      {availability === ProductAvailability.NotloggedIn && (
        <a className={linkClass} href={loginHref}>
          {t('subscribe.access.login')}
        </a>
      )}
      {kycLimited && (
        <a className={linkClass} href={kycHref()}>
          {t('subscribe.access.verify')}
        </a>
      )}
    </div>
  )
}
