import { lazy, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ProductAvailability, ProductCardStatus } from '../../../../contract/enums'
import { trackEvent } from '../../../lib/analytics/analytics'
import { formatPercent } from '../../../lib/format/percent'
import { Button } from '../../../ui/button'
import { useProductDetail } from '../../../lib/earn-data/product-detail'
import { AccessNotice } from './access-notice'
import { ProductFacts } from './product-facts'
import { CoinIcon } from '../../../ui/coin-icon'
import { TimedSuspense } from '../../../ui/timed-suspense'

// The sheet (form, estimate, order flow) loads when the user opens it, not with the page.
const SubscribeSheet = lazy(() =>
  import('./subscribe-sheet').then((m) => ({ default: m.SubscribeSheet })),
)

const CLOSED_STATUS_KEYS: Partial<Record<number, string>> = {
  [ProductCardStatus.Soldout]: 'subscribe.closed.soldOut',
  [ProductCardStatus.NotStarted]: 'subscribe.closed.notStarted',
  [ProductCardStatus.Offline]: 'subscribe.closed.ended',
  [ProductCardStatus.SubscribeEnd]: 'subscribe.closed.ended',
}

export function ProductDetailPage({ productId }: { productId: string }) {
  const { t } = useTranslation()
  const product = useProductDetail(productId)
  const [open, setOpen] = useState(false)
  useEffect(() => trackEvent('earn_product_view', { product_id: productId }), [productId])

  const closedKey = CLOSED_STATUS_KEYS[product.card_status]
  // Forbidden is this user's status: the access notice says why (KYC, tag, login).
  const canBuy =
    !closedKey &&
    product.card_status !== ProductCardStatus.Forbidden &&
    product.availability === ProductAvailability.Available
  return (
    <div className="mx-auto flex w-full max-w-[720px] flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="m-0 text-sm text-[var(--earn-hint)]">
            {t(`products.types.${product.product_type}`)}
          </p>
          <h1 className="m-0 flex items-center gap-2 text-2xl font-700">
            <CoinIcon coin={product.coin} size={32} />
            {product.coin}
          </h1>
        </div>
        <div className="text-end">
          <div className="text-2xl font-700 text-[var(--earn-positive)]" dir="ltr">
            {product.apr_max && product.apr_max !== product.apr
              ? `${formatPercent(product.apr)} – ${formatPercent(product.apr_max)}`
              : formatPercent(product.apr)}
          </div>
          <div className="text-sm text-[var(--earn-hint)]">{t('products.apr')}</div>
        </div>
      </header>
      {closedKey && (
        <p
          role="status"
          data-testid="closed-notice"
          className="m-0 rounded-xl bg-[var(--earn-muted-soft)] p-4"
        >
          {t(closedKey)}
        </p>
      )}
      {!closedKey && (
        <AccessNotice availability={product.availability} kycLevel={product.min_kyc_level} />
      )}
      <ProductFacts product={product} />
      <div className="sticky bottom-0 bg-[var(--earn-bg)] py-3 pb-[calc(0.75rem+var(--earn-safe-bottom,0px))]">
        <Button block disabled={!canBuy} onClick={() => setOpen(true)}>
          {closedKey ? t(closedKey.replace('closed.', 'closedShort.')) : t('subscribe.cta')}
        </Button>
      </div>
      {open && (
        <TimedSuspense>
          <SubscribeSheet product={product} onClose={() => setOpen(false)} />
        </TimedSuspense>
      )}
    </div>
  )
}
