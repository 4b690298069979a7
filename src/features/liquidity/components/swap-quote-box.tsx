import { useTranslation } from 'react-i18next'
import type { GetSwapQuoteRequest } from '../../../../contract/earn-liquidity.schema'
import { formatCoinAmount } from '../../../lib/coins/coin-format'
import type { Coin } from '../../../lib/coins/coin'
import { formatPercent } from '../../../lib/format/percent'
import { useSwapQuote } from '../api/swap-quote'

/**
 * The swap quote shown before confirming: half of the amount goes to the pair's other coin at
 * the simulator's price, less the fee (get-swap-quote). Refreshed every 10 s while open.
 */
export function SwapQuoteBox({
  request,
  digits,
}: {
  request: GetSwapQuoteRequest | null
  digits: (coin: string) => Pick<Coin, 'name' | 'assetDigits'>
}) {
  const { t } = useTranslation()
  const quote = useSwapQuote(request)
  const q = quote.data
  return (
    <section
      aria-labelledby="swap-quote-title"
      data-testid="swap-quote"
      aria-busy={quote.isFetching || undefined}
      className="flex flex-col gap-2 rounded-xl bg-[var(--earn-surface)] p-3 text-sm"
    >
      <h3 id="swap-quote-title" className="m-0 text-sm font-700">
        {t('myEarn.liquidity.quote.title')}
      </h3>
      {request === null ? null : quote.isError ? (
        <p role="alert" className="m-0 text-[var(--earn-negative)]">
          {t('myEarn.liquidity.quote.error')}
        </p>
      ) : !q ? (
        <p role="status" className="m-0 text-[var(--earn-hint)]">
          {t('myEarn.liquidity.quote.loading')}
        </p>
      ) : (
        <dl className="m-0 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
          <dt className="text-[var(--earn-hint)]">{t('myEarn.liquidity.quote.swap')}</dt>
          <dd className="m-0 text-end" dir="ltr">
            {formatCoinAmount(q.amount, digits(q.from_coin))} {q.from_coin}
          </dd>
          <dt className="text-[var(--earn-hint)]">{t('myEarn.liquidity.quote.receive')}</dt>
          <dd className="m-0 text-end font-600" dir="ltr" data-testid="swap-quote-receive">
            {formatCoinAmount(q.to_amount, digits(q.to_coin))} {q.to_coin}
          </dd>
          <dt className="text-[var(--earn-hint)]">{t('myEarn.liquidity.quote.price')}</dt>
          <dd className="m-0 text-end" dir="ltr">
            1 {q.from_coin} = {formatCoinAmount(q.price, digits(q.to_coin))} {q.to_coin}
          </dd>
          <dt className="text-[var(--earn-hint)]">{t('myEarn.liquidity.quote.fee')}</dt>
          <dd className="m-0 text-end" dir="ltr">
            {formatPercent(q.fee_rate)}
          </dd>
        </dl>
      )}
    </section>
  )
}
