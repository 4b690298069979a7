import { Link, useParams } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import type { ProductCard as ProductCardData } from '../../../../contract/earn.schema'
import { ProductCardStatus } from '../../../../contract/enums'
import { trackEvent } from '../../../lib/analytics/analytics'
import { Percent } from '../../../ui/amount'
import { CoinIcon } from '../../../ui/coin-icon'
import { RiskBadge } from '../../../ui/risk-badge'
import { riskLevel } from '../../../../contract/product-risk'
import { isSoldOut } from '../model/sold-out'
import { formatCoinAmount, formatCoinAmountShort } from '../../../lib/coins/coin-format'
import { useCoin } from '../../../lib/earn-data/coins'

const statusTone: Partial<Record<ProductCardStatus, string>> = {
  [ProductCardStatus.Available]: 'bg-[var(--earn-accent-soft)] text-[var(--earn-accent-strong)]',
  [ProductCardStatus.NotStarted]: 'bg-[var(--earn-warn-soft)] text-[var(--earn-warn)]',
}

export function ProductCard({ card }: { card: ProductCardData }) {
  const { t } = useTranslation()
  const coin = useCoin(card.coin)
  const risk = riskLevel(card.product_type)
  const remainingFull = `${formatCoinAmount(card.remaining_quota, coin)} ${card.coin}`
  const { locale } = useParams({ strict: false })
  const status = t(`products.status.${card.card_status}`)
  const soldOut = isSoldOut(card)
  return (
    <Link
      to="/{-$locale}/earn/product/$productId"
      params={{ locale, productId: card.product_id }}
      data-testid="product-card"
      data-product-id={card.product_id}
      onClick={() =>
        trackEvent('earn_card_click', {
          product_id: card.product_id,
          product_type: card.product_type,
        })
      }
      className="flex flex-col gap-3 rounded-xl bg-[var(--earn-surface)] p-4 text-[var(--earn-text)] no-underline outline-offset-2 hover:shadow-md"
    >
      <div className="flex items-center gap-3">
        <CoinIcon coin={card.coin} size={32} />
        <div className="min-w-0 flex-1">
          <h3 className="m-0 text-base font-600" data-testid="product-coin">
            {card.coin}
          </h3>
          <p className="m-0 mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-[var(--earn-hint)]">
            {t(`products.types.${card.product_type}`)}
            <RiskBadge level={risk} label={t(`products.risk.${risk}`)} />
          </p>
        </div>
        <div className="shrink-0 text-end">
          <Percent
            value={card.apr}
            className="block text-xl font-700 text-[var(--earn-positive)]"
          />
          <div className="text-xs text-[var(--earn-hint)]">{t('products.apr')}</div>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-[var(--earn-hint)]">
        <span>
          {card.term_days === 0
            ? t('products.flexible')
            : t('products.days', { count: card.term_days })}
          {' · '}
          {t('products.min', { amount: formatCoinAmount(card.min_amount, coin), coin: card.coin })}
        </span>
        <span
          className="text-xs"
          data-testid="card-availability"
          title={soldOut ? undefined : remainingFull}
        >
          {soldOut
            ? t('products.noQuota')
            : t('products.remaining', {
                amount: formatCoinAmountShort(card.remaining_quota, coin),
                coin: card.coin,
              })}
        </span>
        {status && (
          <span
            data-testid="card-status"
            className={`ms-auto rounded-md px-2 py-0.5 text-xs ${statusTone[card.card_status] ?? 'bg-[var(--earn-muted-soft)] text-[var(--earn-text)]'}`}
          >
            {status}
          </span>
        )}
      </div>
    </Link>
  )
}
