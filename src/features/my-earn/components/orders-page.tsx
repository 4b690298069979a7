import { Link, useParams } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../ui/button'
import { EmptyState } from '../../../ui/empty-state'
import { TabPanel, Tabs } from '../../../ui/tabs'
import { useCoinDigits } from '../../../lib/earn-data/coins'
import { useOrders } from '../../../lib/earn-data/orders'
import { usePrivateEarnSocket } from '../live/use-private-earn-socket'
import { ORDER_TABS, type OrdersSearch } from '../model/orders-search'
import { OrderDetailDialog } from './order-detail-dialog'
import { OrderRow } from './order-row'
import { PagedList } from './paged-list'

const LINK = 'rounded-lg px-3 py-2 text-sm font-600 text-[var(--earn-accent-strong)] no-underline'

/** The user's orders by status (tab in the URL), newest first, a page at a time; live. */
export function OrdersPage({
  search,
  onSearchChange,
}: {
  search: OrdersSearch
  onSearchChange: (next: OrdersSearch) => void
}) {
  const { t } = useTranslation()
  const { locale } = useParams({ strict: false })
  usePrivateEarnSocket()
  const digits = useCoinDigits()
  const query = useOrders({ status: search.status })
  const orders = query.data?.pages.flatMap((p) => p.orders) ?? []
  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="m-0 text-2xl font-700">{t('myEarn.orders.title')}</h1>
        <nav aria-label={t('myEarn.title')} className="flex gap-1">
          <Link to="/{-$locale}/earn/my-earn" params={{ locale }} className={LINK}>
            {t('myEarn.title')}
          </Link>
          {/* Closed positions and how each ended (a failed dual settlement says so there). */}
          <Link
            to="/{-$locale}/earn/history"
            params={{ locale }}
            search={{ tab: 'all' }}
            className={LINK}
            data-testid="history-link"
          >
            {t('myEarn.history.link')}
          </Link>
        </nav>
      </header>
      <Tabs
        idPrefix="orders"
        label={t('myEarn.orders.tabsLabel')}
        items={ORDER_TABS.map((key) => ({ key, label: t(`myEarn.orders.tabs.${key}`) }))}
        value={search.status}
        onChange={(status) => onSearchChange({ status })}
      />
      <TabPanel idPrefix="orders" value={search.status}>
        <PagedList
          query={query}
          count={orders.length}
          loadingTestId="orders-loading"
          empty={
            <EmptyState
              testId="orders-empty"
              title={t(`myEarn.orders.empty.${search.status}`)}
              action={
                <Link
                  to="/{-$locale}/earn/home"
                  params={{ locale }}
                  className={buttonClass('secondary')}
                >
                  {t('myEarn.orders.browse')}
                </Link>
              }
            />
          }
        >
          <ul
            className="m-0 list-none rounded-2xl border border-solid border-[var(--earn-border)] p-0"
            aria-label={t(`myEarn.orders.tabs.${search.status}`)}
            data-testid="orders"
          >
            {orders.map((o) => (
              <OrderRow
                key={o.order_id}
                order={o}
                digits={digits(o.coin ?? '')}
                onOpen={(order) => onSearchChange({ ...search, order })}
              />
            ))}
          </ul>
        </PagedList>
        <p className="m-0 mt-3 text-sm text-[var(--earn-hint)]" aria-live="polite">
          {query.isFetchingNextPage
            ? t('myEarn.loading')
            : t('myEarn.orders.count', { count: orders.length })}
        </p>
      </TabPanel>
      {search.order && (
        <OrderDetailDialog
          orderId={search.order}
          onClose={() => onSearchChange({ status: search.status })}
        />
      )}
    </div>
  )
}
