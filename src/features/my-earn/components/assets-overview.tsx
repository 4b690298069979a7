import { useTranslation } from 'react-i18next'
import { formatUsd } from '../../../lib/format/money-format'
import { Amount } from '../../../ui/amount'
import { Card } from '../../../ui/card'
import { CoinIcon } from '../../../ui/coin-icon'
import { EmptyState } from '../../../ui/empty-state'
import { Skeleton } from '../../../ui/skeleton'
import { Table, type TableColumn } from '../../../ui/table'
import { ACCOUNT_COLUMNS, accountTotals, type CoinHolding } from '../model/holdings'

/** A figure, or a block of its size while the totals load. */
function Figure({
  loading,
  className,
  children,
}: {
  loading: boolean
  className: string
  children: React.ReactNode
}) {
  if (loading) return <Skeleton className={className} />
  return <>{children}</>
}

/** Total and per-coin USD value, split by account (EARN, FUNDING, SPOT, Unified). */
export function AssetsOverview({
  holdings,
  loading,
  yesterdayYieldUsd,
  totalYieldUsd,
}: {
  holdings: readonly CoinHolding[]
  loading: boolean
  yesterdayYieldUsd?: string
  totalYieldUsd?: string
}) {
  const { t } = useTranslation()
  const { perAccount, total } = accountTotals(holdings)
  const columns: TableColumn<CoinHolding>[] = [
    {
      key: 'coin',
      header: t('myEarn.assets.coin'),
      rowHeader: true,
      cell: (h) => (
        <span className="flex items-center gap-2">
          <CoinIcon coin={h.coin} size={24} />
          <span className="flex flex-col">
            {h.coin}
            <Amount
              value={h.total}
              coin={h.coin}
              hideCoin
              className="text-xs font-400 text-[var(--earn-hint)] md:hidden"
            />
          </span>
        </span>
      ),
    },
    ...ACCOUNT_COLUMNS.map((a): TableColumn<CoinHolding> => ({
      key: String(a),
      header: t(`myEarn.accounts.${a}`),
      align: 'end',
      className: 'hidden md:table-cell',
      cell: (h) => <Amount value={h.amounts[a]} coin={h.coin} hideCoin />,
    })),
    {
      key: 'usd',
      header: t('myEarn.assets.value'),
      align: 'end',
      cell: (h) => (
        <span dir="ltr" className="font-600" data-testid="holding-usd">
          {formatUsd(h.usdValue)}
        </span>
      ),
    },
  ]
  return (
    <section aria-labelledby="assets-title" className="flex flex-col gap-4">
      <Card aria-busy={loading || undefined}>
        <h2 id="assets-title" className="m-0 text-sm font-600 text-[var(--earn-hint)]">
          {t('myEarn.assets.total')}
        </h2>
        <p data-testid="assets-total" className="m-0 mt-1 text-3xl font-700" dir="ltr">
          <Figure loading={loading} className="h-9 w-44">
            {formatUsd(total)}
          </Figure>
        </p>
        <dl className="m-0 mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {ACCOUNT_COLUMNS.map((a) => (
            <div key={a}>
              <dt className="text-xs text-[var(--earn-hint)]">{t(`myEarn.accounts.${a}`)}</dt>
              <dd className="m-0 font-600" dir="ltr" data-testid={`account-total-${a}`}>
                <Figure loading={loading} className="mt-1 h-5 w-20">
                  {formatUsd(perAccount[a])}
                </Figure>
              </dd>
            </div>
          ))}
          <div>
            <dt className="text-xs text-[var(--earn-hint)]">{t('myEarn.assets.yesterdayYield')}</dt>
            <dd className="m-0 font-600 text-[var(--earn-positive)]" dir="ltr">
              {formatUsd(yesterdayYieldUsd)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-[var(--earn-hint)]">{t('myEarn.assets.totalYield')}</dt>
            <dd className="m-0 font-600 text-[var(--earn-positive)]" dir="ltr">
              {formatUsd(totalYieldUsd)}
            </dd>
          </div>
        </dl>
      </Card>
      {loading ? null : holdings.length === 0 ? (
        <EmptyState compact title={t('myEarn.assets.emptyTitle')} text={t('myEarn.assets.empty')} />
      ) : (
        <Table
          caption={t('myEarn.assets.byCoin')}
          columns={columns}
          rows={holdings}
          rowKey={(h) => h.coin}
          rowProps={(h) => ({ 'data-testid': `holding-${h.coin}` })}
          testId="coin-holdings"
        />
      )}
    </section>
  )
}
