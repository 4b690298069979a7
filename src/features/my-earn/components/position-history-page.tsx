import { Link, useParams } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { useCoinDigits } from '../../../lib/earn-data/coins'
import { usePositionHistory } from '../../../lib/earn-data/position-history'
import { TabPanel, Tabs } from '../../../ui/tabs'
import { usePrivateEarnSocket } from '../live/use-private-earn-socket'
import { historyFilter } from '../model/history-product-types'
import { HISTORY_TABS, type HistorySearch } from '../model/history-search'
import { ClosedPositionRow } from './closed-position-row'
import { buttonClass } from '../../../ui/button'
import { EmptyState } from '../../../ui/empty-state'
import { PagedList } from './paged-list'

const LINK = 'rounded-lg px-3 py-2 text-sm font-600 text-[var(--earn-accent-strong)] no-underline'

/**
 * Closed positions by product family (tab in the URL), last closed first, a page at a time;
 * live, so a settlement that happens while the page is open shows up.
 */
export function PositionHistoryPage({
  search,
  onSearchChange,
}: {
  search: HistorySearch
  onSearchChange: (next: HistorySearch) => void
}) {
  const { t } = useTranslation()
  const { locale } = useParams({ strict: false })
  usePrivateEarnSocket()
  const digits = useCoinDigits()
  const query = usePositionHistory(historyFilter(search.tab))
  const positions = query.data?.pages.flatMap((p) => p.positions) ?? []
  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="m-0 text-2xl font-700">{t('myEarn.history.title')}</h1>
        <nav aria-label={t('myEarn.title')} className="flex gap-1">
          <Link to="/{-$locale}/earn/my-earn" params={{ locale }} className={LINK}>
            {t('myEarn.title')}
          </Link>
          <Link
            to="/{-$locale}/earn/orders"
            params={{ locale }}
            search={{ status: 'success' }}
            className={LINK}
          >
            {t('myEarn.orders.title')}
          </Link>
        </nav>
      </header>
      <Tabs
        idPrefix="history"
        label={t('myEarn.history.tabsLabel')}
        items={HISTORY_TABS.map((key) => ({ key, label: t(`myEarn.history.tabs.${key}`) }))}
        value={search.tab}
        onChange={(tab) => onSearchChange({ tab })}
      />
      <TabPanel idPrefix="history" value={search.tab}>
        <PagedList
          query={query}
          count={positions.length}
          empty={
            <EmptyState
              testId="history-empty"
              title={t('myEarn.history.empty')}
              action={
                <Link
                  to="/{-$locale}/earn/home"
                  params={{ locale }}
                  className={buttonClass('secondary')}
                >
                  {t('myEarn.history.explore')}
                </Link>
              }
            />
          }
        >
          <ul
            className="m-0 flex list-none flex-col gap-3 p-0"
            aria-label={t(`myEarn.history.tabs.${search.tab}`)}
            data-testid="closed-positions"
          >
            {positions.map((p) => (
              <ClosedPositionRow key={p.position_id} position={p} digits={digits} />
            ))}
          </ul>
        </PagedList>
      </TabPanel>
    </div>
  )
}
