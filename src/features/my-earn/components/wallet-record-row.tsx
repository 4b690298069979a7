import { memo } from 'react'
import type { TFunction } from 'i18next'
import type { WalletRecord } from '../../../../contract/earn-account.schema'
import { formatCoinAmount } from '../../../lib/coins/coin-format'
import type { Coin } from '../../../lib/coins/coin'
import { withSign } from '../../../lib/format/money-format'
import { CoinIcon } from '../../../ui/coin-icon'
import { DateTime } from '../../../ui/date-time'

/**
 * One wallet record in two lines: the type and the signed amount, then the time and the accounts.
 * `t` comes from the list (stable until the language changes): rows mount and unmount on every
 * scroll step, and a useTranslation per row subscribed and unsubscribed i18n each time.
 */
export const WalletRecordRow = memo(function WalletRecordRow({
  record: r,
  digits,
  t,
}: {
  record: WalletRecord
  digits: Pick<Coin, 'name' | 'assetDigits'>
  t: TFunction
}) {
  const credit = !r.amount.startsWith('-')
  const route =
    r.from_account !== null || r.to_account !== null
      ? `${r.from_account !== null ? t(`myEarn.accounts.${r.from_account}`) : '—'} → ${r.to_account !== null ? t(`myEarn.accounts.${r.to_account}`) : '—'}`
      : ''
  const hint = 'text-xs text-[var(--earn-hint)]'
  // Two lines, each with its own priority (the row height is fixed for the virtual list): the
  // amount and the time are always whole; the type gives way, and the accounts take a third
  // line when they do not fit beside the time (German account names are long:
  // "Finanzierungskonto → Earn-Konto" squeezed the time at 390 px).
  return (
    <div
      data-testid="wallet-record"
      data-type={r.type}
      className="flex h-full items-center gap-2 border-b border-solid border-[var(--earn-border)] border-x-0 border-t-0 px-3 sm:gap-3 sm:px-4"
    >
      <CoinIcon coin={r.coin} size={20} />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2 leading-5 sm:gap-3">
          <div className="min-w-0 truncate font-600" data-testid="wallet-record-type">
            {t(`myEarn.recordTypes.${r.type}`)}
          </div>
          <div
            dir="ltr"
            className={`shrink-0 whitespace-nowrap font-600 ${credit ? 'text-[var(--earn-positive)]' : 'text-[var(--earn-text)]'}`}
          >
            {withSign(formatCoinAmount(r.amount, digits))} {r.coin}
          </div>
        </div>
        <div className="flex flex-wrap items-baseline justify-between gap-x-2 sm:gap-x-3">
          <div className={`shrink-0 whitespace-nowrap ${hint}`} dir="ltr">
            <DateTime unix={r.created_at} />
          </div>
          <div className={`ms-auto min-w-0 truncate text-end ${hint}`} title={route || undefined}>
            {route}
          </div>
        </div>
      </div>
    </div>
  )
})
