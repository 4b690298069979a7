import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from '@tanstack/react-router'
import { useCoinDigits } from '../api/get-coins'
import { useWalletRecords } from '../api/get-wallet-records'
import { usePrivateEarnSocket } from '../live/use-private-earn-socket'
import { walletRecordsFilter, type WalletRecordsSearch } from '../model/wallet-records-search'
import { VirtualList } from './virtual-list'
import { WalletRecordRow } from './wallet-record-row'
import { WalletRecordsFilters } from './wallet-records-filters'

const ROW_HEIGHT = 60

/** Every earn operation on the user's wallets, newest first, filtered by the URL. */
export function WalletRecordsPage({
  search,
  onSearchChange,
}: {
  search: WalletRecordsSearch
  onSearchChange: (next: Partial<WalletRecordsSearch>) => void
}) {
  const { t } = useTranslation()
  const { locale } = useParams({ strict: false })
  usePrivateEarnSocket()
  const digits = useCoinDigits()
  const query = useWalletRecords(walletRecordsFilter(search))
  const records = query.data?.pages.flatMap((p) => p.records) ?? []
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query
  const onEndReached = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])
  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="m-0 text-2xl font-700">{t('myEarn.walletRecords.title')}</h1>
        {/* The export screen is another page's; a plain link keeps this page independent of it. */}
        <a
          href={`${locale ? `/${locale}` : ''}/earn/export`}
          className="rounded-lg px-3 py-2 text-sm font-600 text-[var(--earn-accent-strong)] no-underline"
        >
          {t('myEarn.walletRecords.export')}
        </a>
      </header>
      <WalletRecordsFilters search={search} onChange={onSearchChange} />
      {query.isPending ? (
        <p role="status" className="m-0 text-[var(--earn-hint)]">
          {t('myEarn.loading')}
        </p>
      ) : query.isError ? (
        <p role="alert" className="m-0 text-[var(--earn-negative)]">
          {t('errors.generic')}
        </p>
      ) : records.length === 0 ? (
        <p className="m-0 text-[var(--earn-hint)]" data-testid="wallet-records-empty">
          {t('myEarn.walletRecords.empty')}
        </p>
      ) : (
        <VirtualList
          items={records}
          rowHeight={ROW_HEIGHT}
          height="min(70vh, 720px)"
          rowKey={(r) => r.record_id}
          renderRow={(r) => <WalletRecordRow record={r} digits={digits(r.coin)} />}
          onEndReached={onEndReached}
          label={t('myEarn.walletRecords.list')}
          testId="wallet-records"
        />
      )}
      <p className="m-0 text-sm text-[var(--earn-hint)]" aria-live="polite">
        {isFetchingNextPage
          ? t('myEarn.loading')
          : t('myEarn.walletRecords.count', { count: records.length })}
      </p>
    </div>
  )
}
