import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from '@tanstack/react-router'
import type { WalletRecord } from '../../../../contract/earn-account.schema'
import { useQuery } from '@tanstack/react-query'
import type { Coin } from '../../../lib/coins/coin'
import { coinsQueryOptions } from '../../../lib/earn-data/coins'
import { useWalletRecords } from '../../../lib/earn-data/wallet-records'
import { usePrivateEarnSocket } from '../live/use-private-earn-socket'
import { walletRecordsFilter, type WalletRecordsSearch } from '../model/wallet-records-search'
import { Button } from '../../../ui/button'
import { EmptyState } from '../../../ui/empty-state'
import { Skeleton, SkeletonGroup } from '../../../ui/skeleton'
import { VirtualList } from './virtual-list'
import { WalletRecordRow } from './wallet-record-row'
import { WalletRecordsFilters } from './wallet-records-filters'

const ROW_HEIGHT = 60
const recordKey = (r: WalletRecord) => r.record_id
/** 8 digits until the coin list arrives (as useCoinDigits), one object per coin. */
const fallbacks = new Map<string, Pick<Coin, 'name' | 'assetDigits'>>()
function fallbackDigits(name: string) {
  let d = fallbacks.get(name)
  if (!d) fallbacks.set(name, (d = { name, assetDigits: 8 }))
  return d
}

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
  const query = useWalletRecords(walletRecordsFilter(search))
  const pages = query.data?.pages
  // Flattened once per page that arrives, not on every render.
  const records = useMemo(() => pages?.flatMap((p) => p.records) ?? [], [pages])
  // One digits object per coin, so memoised rows see the same props from render to render.
  const { data: coins } = useQuery(coinsQueryOptions())
  const digitsOf = useMemo(() => {
    const byName = new Map(coins?.map((c) => [c.name, c]))
    return (coin: string) => byName.get(coin) ?? fallbackDigits(coin)
  }, [coins])
  // The same element while the URL's filters stay: a page arriving re-renders the list only.
  const filters = useMemo(
    () => <WalletRecordsFilters search={search} onChange={onSearchChange} />,
    [search, onSearchChange],
  )
  const renderRow = useCallback(
    (r: WalletRecord) => <WalletRecordRow record={r} digits={digitsOf(r.coin)} t={t} />,
    [digitsOf, t],
  )
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query
  const filtered = Object.values(search).some((v) => v !== undefined)
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
      {filters}
      {query.isPending ? (
        <SkeletonGroup
          label={t('myEarn.loading')}
          testId="wallet-records-loading"
          className="flex flex-col rounded-xl border border-solid border-[var(--earn-border)]"
        >
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <div key={i} className="flex h-[60px] items-center gap-3 px-4">
              <Skeleton className="h-5 w-5" round />
              <span className="flex flex-1 flex-col gap-1.5">
                <Skeleton className="h-4 w-28" />
                <Skeleton className="h-3 w-36" />
              </span>
              <Skeleton className="h-4 w-24" />
            </div>
          ))}
        </SkeletonGroup>
      ) : query.isError ? (
        <p role="alert" className="m-0 text-[var(--earn-negative)]">
          {t('errors.generic')}
        </p>
      ) : records.length === 0 ? (
        <EmptyState
          testId="wallet-records-empty"
          title={t('myEarn.walletRecords.empty')}
          text={filtered ? t('myEarn.walletRecords.emptyText') : undefined}
          action={
            filtered && (
              <Button
                variant="secondary"
                onClick={() =>
                  onSearchChange({
                    coin: undefined,
                    type: undefined,
                    from: undefined,
                    to: undefined,
                  })
                }
              >
                {t('myEarn.walletRecords.clearFilters')}
              </Button>
            )
          }
        />
      ) : (
        <VirtualList
          items={records}
          rowHeight={ROW_HEIGHT}
          height="min(70vh, 720px)"
          rowKey={recordKey}
          renderRow={renderRow}
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
