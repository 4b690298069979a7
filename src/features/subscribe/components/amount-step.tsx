import { Fragment, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ProductDetail } from '../../../../contract/earn.schema'
import type { Voucher } from '../../../../contract/earn-order.schema'
import { formatCoinAmount } from '../../../lib/coins/coin-format'
import { orderDigits } from '../../../lib/coins/coin-format'
import { MainAction } from '../../../lib/telegram/main-action'
import { formatPercent } from '../../../lib/format/percent'
import { Button } from '../../../ui/button'
import { TextField } from '../../../ui/text-field'
import { useCoin } from '../../../lib/earn-data/coins'
import { sanitizeAmount } from '../../../lib/format/amount-input'
import { useServerNow } from '../../../lib/time/server-time'
import { Amount } from '../../../ui/amount'
import { amountProblem, maxAmount } from '../model/amount'
import { estimateYield } from '../model/yield-estimate'
import { subscriptionSchedule } from '../model/subscription-schedule'
import { Fact } from '../../../ui/fact'

const PROBLEM_KEYS = {
  belowMin: 'subscribe.amount.belowMin',
  overLimit: 'errors.order.overLimit',
  insufficient: 'errors.order.insufficientBalance',
} as const

export function AmountStep({
  product,
  amount,
  onAmount,
  available,
  vouchers,
  voucherId,
  onVoucher,
  busy,
  onPreview,
  depositHref,
  blocked = false,
  children,
}: {
  product: ProductDetail
  amount: string
  onAmount: (amount: string) => void
  available: string | null
  vouchers: readonly Voucher[]
  voucherId: string
  onVoucher: (id: string) => void
  busy: boolean
  onPreview: () => void
  depositHref: string
  /** Preview waits for something else (the risk acknowledgement of a structured product). */
  blocked?: boolean
  /** Shown above the action: a structured product's scenarios and risk acknowledgement. */
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const coin = useCoin(product.coin)
  const now = useServerNow()
  // What may be typed (and Max): the coin's transaction precision, which the server enforces.
  const digits = orderDigits(coin)
  const problem = amountProblem({
    amount,
    min: product.min_amount,
    remainingLimit: product.user_remaining_limit,
    available,
  })
  const voucher = vouchers.find((v) => v.voucher_id === voucherId)
  const estimate = estimateYield({
    amount: problem === 'empty' ? '0' : amount,
    apr: product.apr,
    tiers: product.apr_tiers,
    termDays: product.term_days,
    boost: voucher?.kind === 'apr_boost' ? voucher.value : '0',
  })
  const fmt = (v: string) => `${formatCoinAmount(v, coin)} ${product.coin}`
  // Before an amount is typed the estimate has nothing to say: '--', never 0.00000000. It
  // follows the amount as it is typed, in the coin's digits.
  const estimated = (v: { toFixed: () => string }, testId: string) => (
    <Amount
      value={problem === 'empty' ? null : v.toFixed()}
      coin={product.coin}
      data-testid={testId}
    />
  )
  const schedule = subscriptionSchedule(now, product)
  const showProblem = problem !== null && problem !== 'empty'

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault()
        if (problem === null && !blocked) onPreview()
      }}
    >
      <TextField
        label={t('subscribe.amount.label')}
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        placeholder={t('subscribe.amount.placeholder', {
          min: formatCoinAmount(product.min_amount, coin),
        })}
        value={amount}
        onChange={(e) => onAmount(sanitizeAmount(e.target.value, digits))}
        hint={
          <span data-testid="available-balance">
            {t('subscribe.amount.available', {
              amount: available === null ? '--' : fmt(available),
            })}
          </span>
        }
        error={showProblem ? t(PROBLEM_KEYS[problem], { min: fmt(product.min_amount) }) : undefined}
        end={
          <>
            <span className="text-sm text-[var(--earn-hint)]">{product.coin}</span>
            <button
              type="button"
              className="min-h-9 cursor-pointer rounded-md border-none bg-[var(--earn-accent-soft)] px-2 text-sm font-600 text-[var(--earn-accent-strong)]"
              onClick={() =>
                onAmount(maxAmount(available ?? '0', product.user_remaining_limit, digits))
              }
            >
              {t('subscribe.amount.max')}
            </button>
          </>
        }
      />
      {problem === 'insufficient' && (
        <a href={depositHref} className="self-start font-600 text-[var(--earn-accent-strong)]">
          {t('subscribe.actions.deposit')}
        </a>
      )}
      <dl className="m-0 rounded-xl bg-[var(--earn-surface)] px-4">
        <Fact
          label={t('subscribe.minimum')}
          value={<Amount value={product.min_amount} coin={product.coin} />}
        />
        <Fact
          label={t('subscribe.yourLimit')}
          value={<Amount value={product.user_remaining_limit} coin={product.coin} />}
        />
        <Fact
          label={t('subscribe.remainingQuota')}
          value={<Amount value={product.remaining_quota} coin={product.coin} compact />}
        />
      </dl>
      {vouchers.length > 0 && (
        <div className="flex flex-col gap-1">
          <label htmlFor="voucher" className="text-sm font-600">
            {t('subscribe.voucher.label')}
          </label>
          <select
            id="voucher"
            value={voucherId}
            onChange={(e) => onVoucher(e.target.value)}
            className="min-h-11 rounded-lg border border-solid border-[var(--earn-border-strong)] bg-[var(--earn-bg)] px-2 text-base text-[var(--earn-text)]"
          >
            <option value="">{t('subscribe.voucher.none')}</option>
            {vouchers.map((v) => (
              <option key={v.voucher_id} value={v.voucher_id}>
                {v.kind === 'apr_boost'
                  ? t('subscribe.voucher.boost', { apr: formatPercent(v.value) })
                  : t('subscribe.voucher.bonus', {
                      amount: `${formatCoinAmount(v.value, coin)} ${v.coin ?? product.coin}`,
                    })}
              </option>
            ))}
          </select>
        </div>
      )}
      <section
        aria-labelledby="estimate-title"
        className="rounded-xl border border-solid border-[var(--earn-border)] px-4 py-2"
      >
        <h3 id="estimate-title" className="m-0 py-2 text-base font-600">
          {t('subscribe.estimate.title')}
        </h3>
        <dl className="m-0">
          <Fact
            label={t('products.apr')}
            value={formatPercent(estimate.apr.toFixed(6))}
            testId="estimate-apr"
          />
          <Fact
            label={t('subscribe.estimate.daily')}
            value={estimated(estimate.daily, 'estimate-daily')}
          />
          {estimate.term && (
            <Fact
              label={t('subscribe.estimate.term', { count: product.term_days })}
              value={estimated(estimate.term, 'estimate-term')}
            />
          )}
        </dl>
        <p data-testid="estimate-schedule" className="m-0 py-2 text-sm text-[var(--earn-hint)]">
          {/* Each part on one line (a date never breaks at its hyphen); lines break between. */}
          {schedule.map(([key, values], i) => (
            <Fragment key={key}>
              {i > 0 && ' · '}
              <span className="whitespace-nowrap">{t(key, values)}</span>
            </Fragment>
          ))}
        </p>
      </section>
      {children}
      <MainAction
        text={t('subscribe.preview')}
        busy={busy}
        disabled={problem !== null || blocked}
        onAction={onPreview}
      >
        <Button type="submit" block busy={busy} disabled={problem !== null || blocked}>
          {t('subscribe.preview')}
        </Button>
      </MainAction>
    </form>
  )
}
