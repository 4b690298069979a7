import { useTranslation } from 'react-i18next'
import { formatCoinAmount } from '../../../lib/coins/coin-format'
import { useCoinDigits } from '../../../lib/earn-data/coins'
import { ACCOUNT_COLUMNS, accountTotals, type CoinHolding } from '../model/holdings'
import { formatUsd } from '../../../lib/format/money-format'

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
  const digits = useCoinDigits()
  const { perAccount, total } = accountTotals(holdings)
  return (
    <section aria-labelledby="assets-title" className="flex flex-col gap-4">
      <div className="rounded-2xl bg-[var(--earn-surface)] p-4">
        <h2 id="assets-title" className="m-0 text-sm font-600 text-[var(--earn-hint)]">
          {t('myEarn.assets.total')}
        </h2>
        <p
          data-testid="assets-total"
          className="m-0 mt-1 text-3xl font-700"
          dir="ltr"
          aria-busy={loading || undefined}
        >
          {loading ? '…' : formatUsd(total)}
        </p>
        <dl className="m-0 mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {ACCOUNT_COLUMNS.map((a) => (
            <div key={a}>
              <dt className="text-xs text-[var(--earn-hint)]">{t(`myEarn.accounts.${a}`)}</dt>
              <dd className="m-0 font-600" dir="ltr" data-testid={`account-total-${a}`}>
                {loading ? '…' : formatUsd(perAccount[a])}
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
      </div>
      {!loading && holdings.length === 0 ? (
        <p className="m-0 text-[var(--earn-hint)]">{t('myEarn.assets.empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-sm" data-testid="coin-holdings">
            <caption className="sr-only">{t('myEarn.assets.byCoin')}</caption>
            <thead>
              <tr className="text-start text-xs text-[var(--earn-hint)]">
                <th scope="col" className="py-2 text-start font-600">
                  {t('myEarn.assets.coin')}
                </th>
                {ACCOUNT_COLUMNS.map((a) => (
                  <th key={a} scope="col" className="hidden py-2 text-end font-600 md:table-cell">
                    {t(`myEarn.accounts.${a}`)}
                  </th>
                ))}
                <th scope="col" className="py-2 text-end font-600">
                  {t('myEarn.assets.value')}
                </th>
              </tr>
            </thead>
            <tbody>
              {holdings.map((h) => (
                <tr
                  key={h.coin}
                  data-testid={`holding-${h.coin}`}
                  className="border-t border-solid border-[var(--earn-border)] border-x-0 border-b-0"
                >
                  <th scope="row" className="py-2 text-start font-600">
                    {h.coin}
                    <span
                      className="block text-xs font-400 text-[var(--earn-hint)] md:hidden"
                      dir="ltr"
                    >
                      {formatCoinAmount(h.total, digits(h.coin))}
                    </span>
                  </th>
                  {ACCOUNT_COLUMNS.map((a) => (
                    <td key={a} className="hidden py-2 text-end md:table-cell" dir="ltr">
                      {formatCoinAmount(h.amounts[a], digits(h.coin))}
                    </td>
                  ))}
                  <td className="py-2 text-end font-600" dir="ltr" data-testid="holding-usd">
                    {formatUsd(h.usdValue)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
