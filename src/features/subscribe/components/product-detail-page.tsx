import { Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EarnPublicTopic, type InstrumentInfo } from '../../../../contract/earn-socket'
import { ProductAvailability, ProductCardStatus } from '../../../../contract/enums'
import { RISK_ACK_PRODUCT_TYPES } from '../../../../contract/settlement'
import { trackEvent } from '../../../lib/analytics/analytics'
import { Button } from '../../../ui/button'
import { useProductDetail } from '../../../lib/earn-data/product-detail'
import { usePublicEarnTopic } from '../../../lib/sockets/live-sockets'
import { AccessNotice } from './access-notice'
import { ProductFacts } from './product-facts'
import { CoinIcon } from '../../../ui/coin-icon'
import { TimedSuspense } from '../../../ui/timed-suspense'
import { useWideLayout } from '../use-wide-layout'
import { aprText, ProductSummary } from './product-summary'
import { RemindButton } from './remind-button'
import { ShareButton } from './share-button'
import { lazyUntilLoaded } from '../../../lib/loading/import-until-loaded'

// The sheet (form, estimate, order flow) loads when the user opens it, not with the page.
const SubscribeSheet = lazyUntilLoaded(() =>
  import('./subscribe-sheet').then((m) => ({ default: m.SubscribeSheet })),
)

// A structured product's outcome table, with decimal.js and the index price socket: loaded for
// those products only (the others' pages preload 16 kB less).
const OutcomeExplainer = lazyUntilLoaded(() =>
  import('./outcome-explainer').then((m) => ({ default: m.OutcomeExplainer })),
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
  // The amount typed in the subscribe panel: the outcome explainer shows its scenarios.
  const [amount, setAmount] = useState('')
  // After "Done" the inline panel starts over (a new key mounts a fresh order flow).
  const [round, setRound] = useState(0)
  const wide = useWideLayout()
  useEffect(() => trackEvent('earn_product_view', { product_id: productId }), [productId])

  // The product socket's live state: a launch selling out while its page is open switches to
  // sold out without a reload (issue 28). Only that switch is taken from it: the detail's own
  // status is this user's (forbidden, not started), the socket's everyone's.
  const live = usePublicEarnTopic<InstrumentInfo[]>(EarnPublicTopic.AllInstrumentInfo)
  const liveSoldOut =
    live?.find((i) => i.product_id === productId)?.card_status === ProductCardStatus.Soldout
  const closedKey =
    CLOSED_STATUS_KEYS[liveSoldOut ? ProductCardStatus.Soldout : product.card_status]
  // Forbidden is this user's status: the access notice says why (KYC, tag, login).
  const canBuy =
    !closedKey &&
    product.card_status !== ProductCardStatus.Forbidden &&
    product.availability === ProductAvailability.Available
  // Not started or sold out: "Remind me" beside the disabled button (issue 27).
  const remindable =
    liveSoldOut ||
    product.card_status === ProductCardStatus.NotStarted ||
    product.card_status === ProductCardStatus.Soldout
  const remind = remindable && <RemindButton productId={product.product_id} />
  const buy = closedKey ? t(closedKey.replace('closed.', 'closedShort.')) : t('subscribe.cta')
  const sheet = (onClose: () => void, inline: boolean) => (
    <TimedSuspense>
      <SubscribeSheet
        key={round}
        product={product}
        inline={inline}
        onAmountChange={setAmount}
        onClose={onClose}
      />
    </TimedSuspense>
  )
  return (
    <div className="mx-auto grid w-full max-w-[720px] grid-cols-1 gap-5 lg:max-w-[1120px] lg:grid-cols-[minmax(0,1fr)_minmax(360px,420px)] lg:items-start lg:gap-8">
      <div className="flex min-w-0 flex-col gap-5">
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
              {aprText(product)}
            </div>
            <div className="text-sm text-[var(--earn-hint)]">{t('products.apr')}</div>
          </div>
        </header>
        <ProductSummary product={product} />
        <ShareButton product={product} />
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
        {RISK_ACK_PRODUCT_TYPES.includes(product.product_type) && (
          <Suspense fallback={null}>
            <OutcomeExplainer product={product} amount={amount} />
          </Suspense>
        )}
        <ProductFacts product={product} />
      </div>
      {wide ? (
        // From lg on the web the subscribe panel sits in the right column, in view as the
        // facts scroll; closed or not for this user it says why, with the button disabled.
        <aside className="sticky top-4 flex flex-col gap-3" aria-label={t('subscribe.cta')}>
          {canBuy ? (
            sheet(() => {
              setAmount('')
              setRound((r) => r + 1)
            }, true)
          ) : (
            <>
              <Button block disabled>
                {buy}
              </Button>
              {remind}
            </>
          )}
        </aside>
      ) : (
        <>
          <div className="sticky bottom-0 flex flex-col gap-2 bg-[var(--earn-bg)] py-3 pb-[calc(0.75rem+var(--earn-safe-bottom,0px))]">
            <Button block disabled={!canBuy} onClick={() => setOpen(true)}>
              {buy}
            </Button>
            {remind}
          </div>
          {open &&
            sheet(() => {
              setOpen(false)
              setAmount('')
            }, false)}
        </>
      )}
    </div>
  )
}
