import { Link, useParams } from '@tanstack/react-router'
import dayjs from 'dayjs'
import Decimal from 'decimal.js'
import { useTranslation } from 'react-i18next'
import type { Position } from '../../../../contract/earn-account.schema'
import { LiquidityPositionStatus } from '../../../../contract/enums'
import { formatCoinAmount } from '../../../lib/coins/coin-format'
import { TIME_FORMATS } from '../../../lib/time/time-format'
import { formatPercent } from '../../../lib/format/percent'
import { Button } from '../../../ui/button'
import { useClaimYield } from '../api/claim-yield'
import { useCoinDigits } from '../../../lib/earn-data/coins'
import { actionErrorKey } from '../model/action-errors'
import { positionKind } from '../model/position-kind'
import { CoinIcon } from '../../../ui/coin-icon'

const LIQUIDITY_STATUS_KEYS: Record<number, string> = {
  [LiquidityPositionStatus.AddPending]: 'myEarn.position.liquidity.addPending',
  [LiquidityPositionStatus.Effective]: 'myEarn.position.liquidity.effective',
  [LiquidityPositionStatus.RemovePending]: 'myEarn.position.liquidity.removePending',
}

/** One position: principal, APR, accrued and claimable yield, maturity; claim and redeem. */
export function PositionCard({
  position: p,
  onRedeem,
}: {
  position: Position
  onRedeem: (p: Position) => void
}) {
  const { t } = useTranslation()
  const { locale } = useParams({ strict: false })
  const digits = useCoinDigits()(p.coin)
  const claim = useClaimYield()
  const kind = positionKind(p)
  const amount = (v: string) => `${formatCoinAmount(v, digits)} ${p.coin}`
  const claimable = new Decimal(p.claimable_yield).gt(0)
  return (
    <li
      data-testid="position"
      data-position-id={p.position_id}
      data-product-id={p.product_id}
      className="flex flex-col gap-3 rounded-2xl border border-solid border-[var(--earn-border)] p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="m-0 flex items-center gap-2 text-base font-700">
          <CoinIcon coin={p.coin} />
          {p.coin}
        </h4>
        <span className="text-sm font-600 text-[var(--earn-positive)]" dir="ltr">
          {t('myEarn.position.apr')} {formatPercent(p.apr)}
        </span>
      </div>
      {p.liquidity_status !== null && (
        <p className="m-0 text-sm" data-testid="liquidity-status">
          {t(LIQUIDITY_STATUS_KEYS[p.liquidity_status] ?? 'myEarn.position.liquidity.effective')}
        </p>
      )}
      <dl className="m-0 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-[var(--earn-hint)]">{t('myEarn.position.principal')}</dt>
          <dd className="m-0 font-600" dir="ltr" data-testid="position-principal">
            {amount(p.principal)}
          </dd>
        </div>
        <div>
          <dt className="text-[var(--earn-hint)]">{t('myEarn.position.accrued')}</dt>
          <dd className="m-0" dir="ltr" data-testid="position-accrued">
            {amount(p.total_yield)}
          </dd>
        </div>
        <div>
          <dt className="text-[var(--earn-hint)]">{t('myEarn.position.claimable')}</dt>
          <dd className="m-0" dir="ltr" data-testid="position-claimable">
            {amount(p.claimable_yield)}
          </dd>
        </div>
        <div>
          <dt className="text-[var(--earn-hint)]">{t('myEarn.position.maturity')}</dt>
          <dd className="m-0" dir="ltr">
            {p.maturity_at === null
              ? t('myEarn.position.flexible')
              : dayjs.unix(p.maturity_at).format(TIME_FORMATS.dateTime)}
          </dd>
        </div>
      </dl>
      {claim.isError && (
        <p role="alert" className="m-0 text-sm text-[var(--earn-negative)]">
          {t(actionErrorKey(claim.error))}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {kind === 'flexible' && (
          <Button
            variant="secondary"
            disabled={!claimable}
            busy={claim.isPending}
            onClick={() => claim.mutate(p.position_id)}
          >
            {t('myEarn.position.claim')}
          </Button>
        )}
        {(kind === 'flexible' || kind === 'fixed') && (
          <Button variant="secondary" onClick={() => onRedeem(p)}>
            {t('myEarn.position.redeem')}
          </Button>
        )}
        {kind === 'liquidity' && (
          // Adding, removing and reinvesting live on the pool's own tab.
          <Link
            to="/{-$locale}/earn/liquidity-mining"
            params={{ locale }}
            search={{ tab: 'my-liquidity' }}
            data-testid="manage-liquidity"
            className="inline-flex min-h-11 items-center rounded-lg px-3 font-600 text-[var(--earn-accent-strong)] no-underline"
          >
            {t('myEarn.position.manageLiquidity')}
          </Link>
        )}
        {kind === 'dual' && (
          <p className="m-0 text-sm text-[var(--earn-hint)]">{t('myEarn.position.dualSettles')}</p>
        )}
      </div>
    </li>
  )
}
