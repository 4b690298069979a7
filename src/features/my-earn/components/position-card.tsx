import { Link, useParams } from '@tanstack/react-router'
import Decimal from 'decimal.js'
import { useTranslation } from 'react-i18next'
import type { Position } from '../../../../contract/earn-account.schema'
import { LiquidityPositionStatus } from '../../../../contract/enums'
import { Amount, Percent } from '../../../ui/amount'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { CoinIcon } from '../../../ui/coin-icon'
import { StatusChip, type StatusTone } from '../../../ui/status-chip'
import { useClaimYield } from '../api/claim-yield'
import { actionErrorKey } from '../model/action-errors'
import { positionKind } from '../model/position-kind'
import { PositionTerm } from './position-term'

const LIQUIDITY_STATUS: Record<number, { key: string; tone: StatusTone }> = {
  [LiquidityPositionStatus.AddPending]: {
    key: 'myEarn.position.liquidity.addPending',
    tone: 'warning',
  },
  [LiquidityPositionStatus.Effective]: {
    key: 'myEarn.position.liquidity.effective',
    tone: 'positive',
  },
  [LiquidityPositionStatus.RemovePending]: {
    key: 'myEarn.position.liquidity.removePending',
    tone: 'warning',
  },
}

/**
 * One position: principal, APR, accrued and claimable yield, its term's progress and the next
 * payout; claim and redeem.
 */
export function PositionCard({
  position: p,
  now,
  onRedeem,
}: {
  position: Position
  /** Server time, unix seconds (progress and the next payout). */
  now: number
  onRedeem: (p: Position) => void
}) {
  const { t } = useTranslation()
  const { locale } = useParams({ strict: false })
  const claim = useClaimYield()
  const kind = positionKind(p)
  const claimable = new Decimal(p.claimable_yield).gt(0)
  const liquidity = p.liquidity_status !== null ? LIQUIDITY_STATUS[p.liquidity_status] : undefined
  const fact = (label: string, value: React.ReactNode, testId: string, strong = false) => (
    <div className="min-w-0">
      <dt className="text-xs text-[var(--earn-hint)]">{label}</dt>
      <dd className={`m-0 truncate ${strong ? 'font-600' : ''}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  )
  return (
    <Card
      as="li"
      variant="outline"
      data-testid="position"
      data-position-id={p.position_id}
      data-product-id={p.product_id}
      className="flex flex-col gap-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="m-0 flex items-center gap-2 text-base font-700">
          <CoinIcon coin={p.coin} />
          {p.coin}
          {liquidity && (
            <StatusChip tone={liquidity.tone} data-testid="liquidity-status">
              {t(liquidity.key)}
            </StatusChip>
          )}
        </h4>
        <span className="text-sm font-600 text-[var(--earn-positive)]">
          {t('myEarn.position.apr')} <Percent value={p.apr} />
        </span>
      </div>
      <dl className="m-0 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        {fact(
          t('myEarn.position.principal'),
          <Amount value={p.principal} coin={p.coin} />,
          'position-principal',
          true,
        )}
        {fact(
          t('myEarn.position.accrued'),
          <Amount value={p.total_yield} coin={p.coin} />,
          'position-accrued',
        )}
        {fact(
          t('myEarn.position.claimable'),
          <Amount value={p.claimable_yield} coin={p.coin} />,
          'position-claimable',
        )}
        {kind === 'flexible' &&
          fact(t('myEarn.position.maturity'), t('myEarn.position.flexible'), 'position-maturity')}
      </dl>
      <PositionTerm position={p} now={now} />
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
    </Card>
  )
}
