import { Link, useParams } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { useAssetsSummary } from '../../../lib/earn-data/assets-summary'
import { useUserBalances } from '../../../lib/earn-data/balances'
import { useLivePrices } from '../live/use-live-prices'
import { usePrivateEarnSocket } from '../live/use-private-earn-socket'
import { coinHoldings } from '../model/holdings'
import { AllocationCard } from './allocation-card'
import { AssetsOverview } from './assets-overview'
import { AutoSavingsPanel } from './auto-savings-panel'
import { PnlChart } from './pnl-chart'
import { PositionsSection } from './positions-section'

/** My earn: what the user holds, what it earned, and their positions, live. */
export function MyEarnPage() {
  const { t } = useTranslation()
  const { locale } = useParams({ strict: false })
  usePrivateEarnSocket()
  const summary = useAssetsSummary()
  const balances = useUserBalances()
  const coins = [
    ...(summary.data?.coins.map((c) => c.coin) ?? []),
    ...(balances.data?.balances.map((b) => b.coin) ?? []),
  ]
  const prices = useLivePrices(coins)
  const holdings = coinHoldings(summary.data, balances.data?.balances, prices)
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="m-0 text-2xl font-700">{t('myEarn.title')}</h1>
        <nav aria-label={t('myEarn.title')} className="flex gap-2">
          <Link
            to="/{-$locale}/earn/wallet-records"
            params={{ locale }}
            className="rounded-lg px-3 py-2 text-sm font-600 text-[var(--earn-accent-strong)] no-underline"
          >
            {t('myEarn.walletRecords.title')}
          </Link>
          <Link
            to="/{-$locale}/earn/orders"
            params={{ locale }}
            search={{ status: 'success' }}
            className="rounded-lg px-3 py-2 text-sm font-600 text-[var(--earn-accent-strong)] no-underline"
          >
            {t('myEarn.orders.title')}
          </Link>
          <Link
            to="/{-$locale}/earn/history"
            params={{ locale }}
            search={{ tab: 'all' }}
            className="rounded-lg px-3 py-2 text-sm font-600 text-[var(--earn-accent-strong)] no-underline"
          >
            {t('myEarn.history.link')}
          </Link>
        </nav>
      </header>
      <AssetsOverview
        holdings={holdings}
        loading={summary.isPending || balances.isPending}
        yesterdayYieldUsd={summary.data?.yesterday_yield_usd}
        totalYieldUsd={summary.data?.total_yield_usd}
      />
      {/* Side by side when both fit; the chart takes the whole row when there is no allocation. */}
      <div className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,420px),1fr))] gap-6">
        <AllocationCard byType={summary.data?.by_product_type} loading={summary.isPending} />
        <PnlChart />
      </div>
      <PositionsSection />
      <AutoSavingsPanel />
    </div>
  )
}
