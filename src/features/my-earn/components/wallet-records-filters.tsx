import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import { coinsQueryOptions } from '../../../lib/earn-data/coins'
import { WALLET_RECORD_TYPES, type WalletRecordsSearch } from '../model/wallet-records-search'

const FIELD =
  'min-h-11 rounded-lg border border-solid border-[var(--earn-border-strong)] bg-[var(--earn-bg)] px-3 text-base text-[var(--earn-text)]'

/** Coin, type and date range; every change goes to the URL (validated at the route). */
export function WalletRecordsFilters({
  search,
  onChange,
}: {
  search: WalletRecordsSearch
  onChange: (next: Partial<WalletRecordsSearch>) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const { data: coins } = useQuery(coinsQueryOptions())
  const field = (name: string, label: string, control: React.ReactNode) => (
    <div className="flex min-w-[140px] flex-1 flex-col gap-1">
      <label htmlFor={`${id}-${name}`} className="text-sm font-600">
        {label}
      </label>
      {control}
    </div>
  )
  return (
    <form
      role="search"
      aria-label={t('myEarn.walletRecords.filters')}
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => e.preventDefault()}
    >
      {field(
        'coin',
        t('myEarn.walletRecords.coin'),
        <select
          id={`${id}-coin`}
          className={FIELD}
          value={search.coin ?? ''}
          onChange={(e) => onChange({ coin: e.target.value || undefined })}
        >
          <option value="">{t('myEarn.walletRecords.allCoins')}</option>
          {(coins ?? []).map((c) => (
            <option key={c.name} value={c.name}>
              {c.name}
            </option>
          ))}
        </select>,
      )}
      {field(
        'type',
        t('myEarn.walletRecords.type'),
        <select
          id={`${id}-type`}
          className={FIELD}
          value={search.type ?? ''}
          onChange={(e) =>
            onChange({ type: (e.target.value || undefined) as WalletRecordsSearch['type'] })
          }
        >
          <option value="">{t('myEarn.walletRecords.allTypes')}</option>
          {WALLET_RECORD_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`myEarn.recordTypes.${type}`)}
            </option>
          ))}
        </select>,
      )}
      {field(
        'from',
        t('myEarn.walletRecords.from'),
        <input
          id={`${id}-from`}
          type="date"
          className={FIELD}
          value={search.from ?? ''}
          max={search.to}
          onChange={(e) => onChange({ from: e.target.value || undefined })}
        />,
      )}
      {field(
        'to',
        t('myEarn.walletRecords.to'),
        <input
          id={`${id}-to`}
          type="date"
          className={FIELD}
          value={search.to ?? ''}
          min={search.from}
          onChange={(e) => onChange({ to: e.target.value || undefined })}
        />,
      )}
    </form>
  )
}
