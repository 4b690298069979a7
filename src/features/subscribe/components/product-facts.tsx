import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import type { ProductDetail } from '../../../../contract/earn.schema'
import { DualDirection } from '../../../../contract/enums'
import { TIME_FORMATS } from '../../../lib/time/time-format'
import { formatAmount } from '../../../lib/format/amount-format'
import { formatPercent } from '../../../lib/format/percent'
import { Amount } from '../../../ui/amount'
import { Fact } from '../../../ui/fact'
import { useHydrated } from '../../../lib/hydration/use-hydrated'
import { useProductExtraInfo } from '../api/products-extra-info'

/**
 * Formats a time in the visitor's zone. The server's first view (and its hydration) shows UTC,
 * as the server cannot know the zone; the local time replaces it right after hydration.
 */
function useTimeFormat(): (unix: number) => string {
  const local = useHydrated()
  return (unix) => {
    const at = dayjs.unix(unix)
    return (local ? at : at.utc()).format(TIME_FORMATS.dateTime)
  }
}

/** The terms a subscriber needs: rates (with tiers), term, limits, quota and offer terms. */
export function ProductFacts({ product }: { product: ProductDetail }) {
  const { t, i18n } = useTranslation()
  const time = useTimeFormat()
  // How many people hold it (get-products-extra-info): after the page is up, never in its way.
  const extra = useProductExtraInfo(product.product_id).data
  const amount = (value: string) => <Amount value={value} coin={product.coin} />
  // A share shown to two decimals (no money moves on it): floats suffice, and the page does not
  // need decimal.js before its first paint.
  const total = Number(product.total_quota)
  const sold = total > 0 ? (total - Number(product.remaining_quota)) / total : 0
  const offer = product.offer
  return (
    <div className="flex flex-col gap-4">
      <dl className="m-0 divide-y divide-[var(--earn-border)] rounded-xl bg-[var(--earn-surface)] px-4">
        <Fact
          label={t('products.term')}
          value={
            product.term_days === 0
              ? t('products.flexible')
              : t('products.days', { count: product.term_days })
          }
        />
        <Fact label={t('subscribe.minimum')} value={amount(product.min_amount)} />
        <Fact label={t('subscribe.maximum')} value={amount(product.max_amount)} />
        <Fact
          label={t('subscribe.remainingQuota')}
          value={amount(product.remaining_quota)}
          testId="remaining-quota"
        />
        {extra && (
          <Fact
            label={t('subscribe.participants')}
            value={formatAmount(extra.participants, { digits: 0, locale: i18n.language })}
            testId="participants"
          />
        )}
        {product.coin_on_sale_status !== null && (
          <Fact
            label={t('subscribe.coinSale.label')}
            value={t(`subscribe.coinSale.${product.coin_on_sale_status}`)}
            testId="coin-sale-status"
          />
        )}
        <Fact label={t('subscribe.startsAt')} value={time(product.subscribe_start_at)} />
        {product.subscribe_end_at !== null && (
          <Fact label={t('subscribe.endsAt')} value={time(product.subscribe_end_at)} />
        )}
        <Fact
          label={t('subscribe.redemption')}
          value={
            product.redeemable_anytime
              ? t('subscribe.redeemAnytime')
              : product.early_redeem_allowed
                ? t('subscribe.redeemEarly')
                : t('subscribe.redeemAtMaturity')
          }
        />
        {Number(product.user_holding) > 0 && (
          <Fact label={t('subscribe.yourHolding')} value={amount(product.user_holding)} />
        )}
        {offer && offer.target_price !== null && (
          <Fact
            label={t('products.offer.targetPrice')}
            value={<Amount value={offer.target_price} coin={offer.quote_coin} />}
          />
        )}
        {offer && offer.direction !== DualDirection.UNKNOWN && (
          <Fact
            label={t('products.offer.direction')}
            value={t(`products.direction.${offer.direction}`)}
          />
        )}
      </dl>
      <div>
        <div className="mb-1 flex justify-between text-sm text-[var(--earn-hint)]">
          <span>{t('subscribe.soldRatio')}</span>
          <span dir="ltr">{formatPercent(sold.toFixed(4))}</span>
        </div>
        <div
          role="progressbar"
          aria-label={t('subscribe.soldRatio')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(sold * 100)}
          className="h-2 overflow-hidden rounded-full bg-[var(--earn-muted-soft)]"
        >
          <div
            className="h-full rounded-full bg-[var(--earn-accent)]"
            style={{ inlineSize: `${(sold * 100).toFixed(2)}%` }}
          />
        </div>
      </div>
      {product.apr_tiers.length > 1 && (
        <table className="w-full border-collapse text-sm">
          <caption className="pb-2 text-start font-600">{t('subscribe.tiers')}</caption>
          <thead>
            <tr className="text-[var(--earn-hint)]">
              <th scope="col" className="py-1 text-start font-400">
                {t('subscribe.tierRange')}
              </th>
              <th scope="col" className="py-1 text-end font-400">
                {t('products.apr')}
              </th>
            </tr>
          </thead>
          <tbody>
            {product.apr_tiers.map((tier) => (
              <tr
                key={tier.min_amount}
                className="border-t border-solid border-[var(--earn-border)] border-x-0 border-b-0"
              >
                <td className="py-2" dir="ltr">
                  {tier.max_amount === null ? '≥ ' : ''}
                  <Amount value={tier.min_amount} coin={product.coin} hideCoin />
                  {tier.max_amount !== null && (
                    <>
                      {' – '}
                      <Amount value={tier.max_amount} coin={product.coin} hideCoin />
                    </>
                  )}{' '}
                  {product.coin}
                </td>
                <td className="py-2 text-end font-600 text-[var(--earn-positive)]" dir="ltr">
                  {formatPercent(tier.apr)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}
