import { useQueryClient } from '@tanstack/react-query'
import dayjs from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import type { ProductDetail } from '../../../../contract/earn.schema'
import { VoucherStatus } from '../../../../contract/enums'
import { trackEvent } from '../../../lib/analytics/analytics'
import { useServerNow } from '../../../lib/time/server-time'
import { formatCoinAmount } from '../../../lib/coins/coin-format'
import { hapticOutcome } from '../../../lib/telegram/haptics'
import { MainAction, SecondaryAction } from '../../../lib/telegram/main-action'
import { hideTelegramKeyboard, offerHomeScreenOnce } from '../../../lib/telegram/native-touches'
import { useClosingConfirmation } from '../../../lib/telegram/use-closing-confirmation'
import { TIME_FORMATS } from '../../../lib/time/time-format'
import { formatPercent } from '../../../lib/format/percent'
import { Button } from '../../../ui/button'
import { useCoin } from '../../../lib/earn-data/coins'
import { productDetailQueryOptions } from '../../../lib/earn-data/product-detail'
import { productExtraInfoQueryOptions } from '../api/products-extra-info'
import { fundingBalanceQueryOptions, useFundingBalance } from '../../../lib/earn-data/balances'
import { depositHref } from '../exchange-links'
import { createOrderFlow, type OrderPayload } from '../model/order-flow'
import { AccessNotice } from './access-notice'
import { OrderFailure } from './order-failure'
import { Fact } from '../../../ui/fact'
import { Amount } from '../../../ui/amount'
import { AmountStep } from './amount-step'
import { OutcomeExplainer } from './outcome-explainer'
import { RiskAcknowledgementCheck, useRiskAcknowledgement } from './risk-acknowledgement'
import { SubscribeFrame } from './subscribe-frame'

export function SubscribeSheet({
  product,
  onClose,
  inline = false,
  onAmountChange,
}: {
  product: ProductDetail
  onClose: () => void
  /** In the product page's right column (lg and up on the web) instead of a sheet. */
  inline?: boolean
  /** The amount as typed, for the page's outcome explainer beside the inline panel. */
  onAmountChange?: (amount: string) => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [flow] = useState(() => createOrderFlow())
  const snap = useSnapshot(flow.state)
  const [amount, setAmount] = useState('')
  const [pickedVoucherId, setVoucherId] = useState('')
  const coin = useCoin(product.coin)
  const ack = useRiskAcknowledgement(product)
  const balance = useFundingBalance(product.coin, true)
  const available = balance.data
    ? (balance.data.balances.find((b) => b.coin === product.coin)?.balance ?? '0')
    : null
  const now = Math.floor(useServerNow() / 1000)
  const vouchers = (balance.data?.vouchers ?? []).filter(
    (v) =>
      v.status === VoucherStatus.Unused &&
      v.expires_at > now &&
      (v.coin === null || v.coin === product.coin) &&
      (v.product_type === null || v.product_type === product.product_type),
  )
  // A voucher no longer offered (used meanwhile, e.g. in another tab: 334 voucher) is let go, so
  // the next attempt does not send it again.
  const voucherId = vouchers.some((v) => v.voucher_id === pickedVoucherId) ? pickedVoucherId : ''
  const payload: OrderPayload = {
    product_id: product.product_id,
    amount,
    ...(voucherId ? { voucher_id: voucherId } : {}),
  }
  const fmt = (v: string) => `${formatCoinAmount(v, coin)} ${product.coin}`
  // Inside Telegram, closing the mini-app while an order is being paid asks first.
  useClosingConfirmation(snap.phase === 'submitting' || snap.phase === 'pending')

  const submit = async () => {
    const ok = await flow.submit(payload)
    hapticOutcome(ok)
    if (ok) offerHomeScreenOnce()
    trackEvent('earn_order_result', {
      product_id: product.product_id,
      result: ok ? 'success' : 'failed',
      code: flow.state.outcome?.code ?? flow.state.blockedBy ?? 0,
    })
    // Balance, holding, quota, limits and the holder count all moved (or may have): read them
    // again (the page said 0 participants beside the user's own new holding).
    await Promise.all([
      queryClient.invalidateQueries({
        queryKey: fundingBalanceQueryOptions(product.coin).queryKey,
      }),
      queryClient.invalidateQueries({
        queryKey: productDetailQueryOptions(product.product_id).queryKey,
      }),
      queryClient.invalidateQueries({
        queryKey: productExtraInfoQueryOptions(product.product_id).queryKey,
      }),
    ])
  }

  const preview = snap.preview
  return (
    <SubscribeFrame
      inline={inline}
      onClose={onClose}
      title={t('subscribe.title', { coin: product.coin })}
      closeLabel={t('app.close')}
    >
      {(snap.phase === 'edit' || snap.phase === 'previewing') && (
        <AmountStep
          product={product}
          amount={amount}
          onAmount={(next) => {
            setAmount(next)
            onAmountChange?.(next)
          }}
          available={available}
          vouchers={vouchers}
          voucherId={voucherId}
          onVoucher={setVoucherId}
          busy={snap.phase === 'previewing'}
          blocked={ack.blocked}
          onPreview={() => {
            // The amount is confirmed: Telegram's keyboard would only hide the review.
            hideTelegramKeyboard()
            // A structured type's first order records the risk acknowledgement first (10412).
            void ack.confirm().then(
              () => flow.preview(payload),
              () => undefined,
            )
          }}
          depositHref={depositHref()}
        >
          {/* Beside the inline panel the page's explainer shows the scenarios already. */}
          {!inline && <OutcomeExplainer product={product} amount={amount} compact />}
          <RiskAcknowledgementCheck product={product} ack={ack} />
        </AmountStep>
      )}
      {(snap.phase === 'review' || snap.phase === 'submitting') && preview && (
        <div className="flex flex-col gap-4" data-testid="order-review">
          <dl className="m-0 rounded-xl bg-[var(--earn-surface)] px-4">
            <Fact
              label={t('subscribe.amount.label')}
              value={<Amount value={preview.amount} coin={product.coin} />}
            />
            <Fact label={t('products.apr')} value={formatPercent(preview.effective_apr)} />
            <Fact
              label={t('subscribe.estimate.daily')}
              value={<Amount value={preview.estimated_daily_yield} coin={product.coin} />}
            />
            {preview.maturity_at !== null && (
              <Fact
                label={t('subscribe.estimate.total')}
                value={<Amount value={preview.estimated_yield} coin={product.coin} />}
              />
            )}
            <Fact
              label={t('subscribe.valueDate')}
              value={dayjs.unix(preview.value_date).format(TIME_FORMATS.dateTime)}
            />
            {preview.maturity_at !== null && (
              <Fact
                label={t('subscribe.maturity')}
                value={dayjs.unix(preview.maturity_at).format(TIME_FORMATS.dateTime)}
              />
            )}
          </dl>
          <div className="flex gap-3">
            <SecondaryAction
              text={t('subscribe.back')}
              disabled={snap.phase === 'submitting'}
              onAction={flow.edit}
            >
              <Button
                variant="secondary"
                className="flex-1"
                onClick={flow.edit}
                disabled={snap.phase === 'submitting'}
              >
                {t('subscribe.back')}
              </Button>
            </SecondaryAction>
            <MainAction
              text={t('subscribe.confirm')}
              busy={snap.phase === 'submitting'}
              onAction={() => void submit()}
            >
              <Button
                className="flex-1"
                busy={snap.phase === 'submitting'}
                onClick={() => void submit()}
              >
                {t('subscribe.confirm')}
              </Button>
            </MainAction>
          </div>
        </div>
      )}
      {snap.phase === 'pending' && (
        <p
          role="status"
          data-testid="order-pending"
          className="m-0 rounded-xl bg-[var(--earn-surface)] p-4"
        >
          {t('subscribe.pending')}
        </p>
      )}
      {snap.phase === 'success' && snap.order && (
        <div role="status" data-testid="order-success" className="flex flex-col gap-4">
          <p className="m-0 text-lg font-700 text-[var(--earn-positive)]">
            {t('subscribe.success.title')}
          </p>
          <p className="m-0">{t('subscribe.success.body', { amount: fmt(snap.order.amount) })}</p>
          <MainAction text={t('subscribe.success.done')} onAction={onClose}>
            <Button block onClick={onClose}>
              {t('subscribe.success.done')}
            </Button>
          </MainAction>
        </div>
      )}
      {snap.phase === 'failed' && snap.blockedBy !== null && (
        <AccessNotice availability={snap.blockedBy} kycLevel={product.min_kyc_level} />
      )}
      {snap.phase === 'failed' && snap.outcome && (
        <OrderFailure
          outcome={snap.outcome}
          onEdit={flow.edit}
          onRetry={() => void submit()}
          onClose={onClose}
        />
      )}
    </SubscribeFrame>
  )
}
