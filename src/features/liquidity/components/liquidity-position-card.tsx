import Decimal from 'decimal.js'
import { useTranslation } from 'react-i18next'
import type {
  GetUserLiquiditySummaryResponse,
  LiquidityPool,
} from '../../../../contract/earn-liquidity.schema'
import { LiquidityPositionStatus } from '../../../../contract/enums'
import { formatCoinAmount } from '../../../lib/coins/coin-format'
import type { Coin } from '../../../lib/coins/coin'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { StatusChip } from '../../../ui/status-chip'
import { formatUsd } from '../../../lib/format/money-format'
import { formatPercent } from '../../../lib/format/percent'
import type { LiquidityAction } from '../model/liquidity-model'

type Position = GetUserLiquiditySummaryResponse['positions'][number]

/** Spec §4 states; the texts are my earn's (its positions show the same states). */
export const LIQUIDITY_STATE_KEYS: Record<number, string> = {
  [LiquidityPositionStatus.AddPending]: 'myEarn.position.liquidity.addPending',
  [LiquidityPositionStatus.Effective]: 'myEarn.position.liquidity.effective',
  [LiquidityPositionStatus.RemovePending]: 'myEarn.position.liquidity.removePending',
}

/** One liquidity position: state, principal, value, APR, leverage, rewards, and its actions. */
export function LiquidityPositionCard({
  position: p,
  pool,
  basePrice,
  digits,
  onAction,
}: {
  position: Position
  pool: LiquidityPool | undefined
  /** Live USDT price of the pair's base coin, when the quote socket has sent one. */
  basePrice: string | undefined
  digits: Pick<Coin, 'name' | 'assetDigits'>
  onAction: (action: LiquidityAction, p: Position) => void
}) {
  const { t } = useTranslation()
  const amount = (v: string) => `${formatCoinAmount(v, digits)} ${p.coin}`
  const effective = p.status === LiquidityPositionStatus.Effective
  return (
    <Card
      as="li"
      variant="outline"
      data-testid="liquidity-position"
      data-position-id={p.position_id}
      data-product-id={p.product_id}
      className="flex flex-col gap-3"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="m-0 text-base font-700" dir="ltr">
          {p.pair}
        </h3>
        <StatusChip
          tone={effective ? 'positive' : 'warning'}
          data-testid="liquidity-state"
          data-state={p.status}
        >
          {t(LIQUIDITY_STATE_KEYS[p.status] ?? 'myEarn.position.liquidity.effective')}
        </StatusChip>
      </div>
      <dl className="m-0 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-[var(--earn-hint)]">{t('myEarn.liquidity.principal')}</dt>
          <dd className="m-0 font-600" dir="ltr" data-testid="liquidity-principal">
            {amount(p.principal)}
          </dd>
        </div>
        <div>
          <dt className="text-[var(--earn-hint)]">{t('myEarn.liquidity.value')}</dt>
          <dd className="m-0" dir="ltr" data-testid="liquidity-value">
            {formatUsd(p.usd_value)}
          </dd>
        </div>
        <div>
          <dt className="text-[var(--earn-hint)]">{t('myEarn.liquidity.apr')}</dt>
          <dd className="m-0 text-[var(--earn-positive)]" dir="ltr">
            {formatPercent(pool?.apr)}
          </dd>
        </div>
        <div>
          <dt className="text-[var(--earn-hint)]">{t('myEarn.liquidity.leverage')}</dt>
          <dd className="m-0" dir="ltr" data-testid="liquidity-leverage">
            {p.leverage}×
          </dd>
        </div>
        <div>
          <dt className="text-[var(--earn-hint)]">{t('myEarn.liquidity.claimable')}</dt>
          <dd className="m-0" dir="ltr" data-testid="liquidity-claimable">
            {amount(p.claimable_yield)}
          </dd>
        </div>
        {pool && (
          <div>
            <dt className="text-[var(--earn-hint)]">
              {t('myEarn.liquidity.pairPrice', { coin: pool.base_coin })}
            </dt>
            <dd className="m-0" dir="ltr" data-testid="liquidity-pair-price">
              {basePrice ? `${basePrice} ${pool.quote_coin}` : '--'}
            </dd>
          </div>
        )}
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={!effective} onClick={() => onAction('remove', p)}>
          {t('myEarn.liquidity.remove')}
        </Button>
        <Button
          variant="secondary"
          disabled={!effective || new Decimal(p.claimable_yield).lte(0)}
          onClick={() => onAction('reinvest', p)}
        >
          {t('myEarn.liquidity.reinvest')}
        </Button>
        <Button
          variant="secondary"
          disabled={!effective || new Decimal(p.leverage).lte(1)}
          onClick={() => onAction('reduce', p)}
        >
          {t('myEarn.liquidity.reduceLeverage')}
        </Button>
      </div>
    </Card>
  )
}
