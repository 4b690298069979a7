import Decimal from 'decimal.js'
import { useTranslation } from 'react-i18next'
import type { ClosedPosition } from '../../../../contract/earn-account.schema'
import { DualDirection, PositionOutcome } from '../../../../contract/enums'
import { formatCoinAmount } from '../../../lib/coins/coin-format'
import type { CoinDigits } from '../../../lib/earn-data/coins'
import { CoinIcon } from '../../../ui/coin-icon'
import { DateTime } from '../../../ui/date-time'

/** An amount inside a sentence keeps its order in RTL text (FSI … PDI) and its line (NBSP). */
const isolate = (text: string) => `\u2068${text.replace(' ', '\u00a0')}\u2069`

const OUTCOME_TONE: Record<string, string> = {
  [PositionOutcome.Matured]: 'text-[var(--earn-positive)]',
  [PositionOutcome.Redeemed]: 'text-[var(--earn-hint)]',
  [PositionOutcome.Settled]: 'text-[var(--earn-positive)]',
  [PositionOutcome.Failed]: 'text-[var(--earn-negative)]',
}

/**
 * One closed position: coin, product, what went in, how it ended and what came back. A failed
 * dual-asset settlement (stage Failed 4) says that the principal went back to Funding.
 */
export function ClosedPositionRow({
  position: p,
  digits,
}: {
  position: ClosedPosition
  digits: (coin: string) => CoinDigits
}) {
  const { t } = useTranslation()
  const amount = (value: string, coin: string) => `${formatCoinAmount(value, digits(coin))} ${coin}`
  const received = p.received.map((r) => amount(r.amount, r.coin)).join(' + ') || '--'
  const d = p.dual
  const term = d && {
    direction: t(
      d.direction === DualDirection.SELL_HIGH ? 'myEarn.history.sellHigh' : 'myEarn.history.buyLow',
    ),
    coin: d.base_coin,
    price: isolate(amount(d.target_price, d.quote_coin)),
  }
  return (
    <li
      data-testid="closed-position"
      data-position-id={p.position_id}
      data-outcome={p.outcome}
      className="flex flex-col gap-3 rounded-2xl border border-solid border-[var(--earn-border)] p-4"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <CoinIcon coin={p.coin} size={32} />
          <div className="min-w-0">
            <h3 className="m-0 truncate text-base font-700">
              {p.coin} · {t(`products.types.${p.product_type}`)}
            </h3>
            {term && (
              <p className="m-0 text-sm text-[var(--earn-hint)]">
                {t('myEarn.history.dualTerm', term)}
              </p>
            )}
          </div>
        </div>
        <span
          data-testid="closed-position-outcome"
          className={`shrink-0 text-sm font-600 ${OUTCOME_TONE[p.outcome] ?? ''}`}
        >
          {t(`myEarn.history.outcome.${p.outcome}`)}
        </span>
      </div>
      <dl className="m-0 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-[var(--earn-hint)]">{t('myEarn.history.amount')}</dt>
          <dd className="m-0 font-600" dir="ltr" data-testid="closed-position-amount">
            {amount(p.amount, p.coin)}
          </dd>
        </div>
        <div>
          <dt className="text-[var(--earn-hint)]">{t('myEarn.history.received')}</dt>
          <dd className="m-0 font-600" dir="ltr" data-testid="closed-position-received">
            {received}
          </dd>
        </div>
        {d ? (
          // A dual position's yield is inside what the settlement paid: show when it began.
          <div>
            <dt className="text-[var(--earn-hint)]">{t('myEarn.history.opened')}</dt>
            <dd className="m-0" dir="ltr">
              <DateTime unix={p.started_at} />
            </dd>
          </div>
        ) : (
          <div>
            <dt className="text-[var(--earn-hint)]">{t('myEarn.history.yield')}</dt>
            <dd className="m-0" dir="ltr">
              {amount(p.total_yield, p.coin)}
            </dd>
          </div>
        )}
        <div>
          <dt className="text-[var(--earn-hint)]">{t('myEarn.history.closed')}</dt>
          <dd className="m-0" dir="ltr">
            <DateTime unix={p.closed_at} />
          </dd>
        </div>
      </dl>
      <OutcomeNote position={p} amount={amount} />
    </li>
  )
}

/** The sentence under a row: the failure text, the settlement's price, or a forfeit. */
function OutcomeNote({
  position: p,
  amount,
}: {
  position: ClosedPosition
  amount: (value: string, coin: string) => string
}) {
  const { t } = useTranslation()
  if (p.outcome === PositionOutcome.Failed)
    return (
      <p
        role="note"
        data-testid="closed-position-failure"
        className="m-0 rounded-xl bg-[var(--earn-negative-soft)] p-3 text-sm text-[var(--earn-negative)]"
      >
        {t('myEarn.history.failed', { amount: isolate(amount(p.amount, p.coin)) })}
      </p>
    )
  const d = p.dual
  if (p.outcome === PositionOutcome.Settled && d?.settled_coin && d.settle_price)
    return (
      <p className="m-0 text-sm text-[var(--earn-hint)]" data-testid="closed-position-settlement">
        {t('myEarn.history.settled', {
          coin: d.settled_coin,
          price: isolate(amount(d.settle_price, d.quote_coin)),
        })}
      </p>
    )
  if (new Decimal(p.forfeited_yield).gt(0))
    return (
      <p className="m-0 text-sm text-[var(--earn-hint)]">
        {t('myEarn.history.forfeited', { amount: isolate(amount(p.forfeited_yield, p.coin)) })}
      </p>
    )
  return null
}
