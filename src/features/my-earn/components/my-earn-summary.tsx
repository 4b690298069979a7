import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from '@tanstack/react-router'
import Decimal from 'decimal.js'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { FIAT_CURRENCIES } from '../../../../contract/fiat-currencies'
import { fetchCoinPrices } from '../../../lib/tickers/tickers'
import { usdTotal } from '../../../lib/tickers/price-store'
import { useAssetsSummary } from '../../../lib/earn-data/assets-summary'
import { useUserPnl } from '../../../lib/earn-data/user-pnl'
import { formatFiat, formatUsd } from '../../../lib/format/money-format'
import { useUsdRate } from '../api/get-exchange-rate'
import { pickDisplayCurrency, preferences } from '../../../lib/preferences/preferences'

/** The PnL range my earn opens with, so the two pages share one cached answer. */
const PNL_DAYS = 7

/**
 * Earn home's "my earn" card for a signed-in user (issue 7, item 1): the USD value of what is
 * in earn at ticker prices, and yesterday's yield. Loaded lazily, only once a session exists.
 */
export function MyEarnSummary() {
  const { t, i18n } = useTranslation()
  const { locale } = useParams({ strict: false })
  const { currency } = useSnapshot(preferences)
  const rate = useUsdRate(currency)
  const summary = useAssetsSummary()
  const pnl = useUserPnl(PNL_DAYS)
  const holdings = (summary.data?.coins ?? []).map((c) => ({
    coin: c.coin,
    amount: new Decimal(c.principal).plus(c.claimable_yield).toFixed(),
  }))
  const coins = holdings.map((h) => h.coin).sort()
  const tickers = useQuery({
    queryKey: ['tickers', coins],
    queryFn: () => fetchCoinPrices(coins),
    enabled: summary.isSuccess,
    staleTime: 10_000,
  })
  // A coin the ticker did not price keeps the price the server valued the summary with.
  const prices = {
    ...Object.fromEntries((summary.data?.coins ?? []).map((c) => [c.coin, c.usd_price])),
    ...tickers.data,
  }
  const total = summary.isSuccess && !tickers.isPending ? usdTotal(holdings, prices) : undefined
  // Days run oldest first and end today (UTC): yesterday is the one before last.
  const yesterday = pnl.data?.days.at(-2)?.yield_usd ?? (pnl.isSuccess ? '0' : undefined)
  // USD values, or the picked currency's once its rate is in (spec §7 exchange-rate).
  const money = (usd: string | undefined) => {
    if (usd === undefined) return '…'
    if (currency === 'USD') return formatUsd(usd)
    if (!rate.data) return '…'
    return formatFiat(new Decimal(usd).times(rate.data).toFixed(2), currency, i18n.language)
  }
  if (summary.isError) return null
  return (
    <section
      data-testid="my-earn-summary"
      aria-labelledby="my-earn-summary-title"
      className="flex flex-wrap items-end justify-between gap-4 rounded-2xl bg-[var(--earn-surface)] p-4"
    >
      <div className="flex flex-wrap gap-x-8 gap-y-3">
        <div>
          <h2 id="my-earn-summary-title" className="m-0 text-sm font-600 text-[var(--earn-hint)]">
            {t('myEarn.assets.totalIn', { currency })}
          </h2>
          <p
            data-testid="my-earn-summary-total"
            className="m-0 mt-1 text-2xl font-700"
            dir="ltr"
            aria-busy={money(total) === '…' || undefined}
          >
            {money(total)}
          </p>
        </div>
        <div>
          <p className="m-0 text-sm font-600 text-[var(--earn-hint)]">
            {t('myEarn.assets.yesterdayYield')}
          </p>
          <p
            data-testid="my-earn-summary-yesterday"
            className="m-0 mt-1 text-xl font-700 text-[var(--earn-positive)]"
            dir="ltr"
          >
            {money(yesterday)}
          </p>
        </div>
      </div>
      <label className="flex items-center gap-2 text-sm text-[var(--earn-hint)]">
        {t('myEarn.assets.displayCurrency')}
        <select
          value={currency}
          onChange={(e) => void pickDisplayCurrency(e.target.value)}
          data-testid="display-currency"
          className="min-h-9 rounded-lg border border-solid border-[var(--earn-border)] bg-[var(--earn-bg)] px-2 text-[var(--earn-text)]"
        >
          {FIAT_CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <Link
        to="/{-$locale}/earn/my-earn"
        params={{ locale }}
        className="rounded-lg px-3 py-2 text-sm font-600 text-[var(--earn-accent-strong)] no-underline"
      >
        {t('myEarn.summary.open')}
      </Link>
    </section>
  )
}
