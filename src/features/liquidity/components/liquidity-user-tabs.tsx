import Decimal from 'decimal.js'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import type { GetUserLiquiditySummaryResponse } from '../../../../contract/earn-liquidity.schema'
import { formatCoinAmount } from '../../../lib/coins/coin-format'
import { sessionStore } from '../../../lib/session/session-store'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { EmptyState } from '../../../ui/empty-state'
import { Skeleton, SkeletonGroup } from '../../../ui/skeleton'
import { useCoinDigits } from '../../../lib/earn-data/coins'
import { useLiquiditySummary } from '../../../lib/earn-data/liquidity-summary'
import { formatUsd } from '../../../lib/format/money-format'
import { formatPercent } from '../../../lib/format/percent'
import { LiquidityActionDialog } from './liquidity-action-dialog'
import { LiquidityLoginPrompt } from './liquidity-login-prompt'
import type { LiquidityAction } from '../model/liquidity-model'
import { LiquidityPositionCard } from './liquidity-position-card'
import { useLiveUsdtPrices } from '../../../lib/sockets/live-sockets'
import { useLiquidityPushes } from '../api/use-liquidity-live'

type Position = GetUserLiquiditySummaryResponse['positions'][number]

/** The signed-in user's summary, live: visitors get the login prompt instead. */
function useUserLiquidity() {
  const { userId } = useSnapshot(sessionStore)
  const loggedIn = userId > 0
  useLiquidityPushes(loggedIn)
  const summary = useLiquiditySummary(loggedIn)
  return { loggedIn, summary }
}

function Totals({ data }: { data: GetUserLiquiditySummaryResponse }) {
  const { t } = useTranslation()
  return (
    <dl className="m-0 grid grid-cols-2 gap-4">
      <Card>
        <dt className="text-sm text-[var(--earn-hint)]">{t('myEarn.liquidity.totalValue')}</dt>
        <dd className="m-0 text-xl font-700" dir="ltr" data-testid="liquidity-total">
          {formatUsd(data.total_usd)}
        </dd>
      </Card>
      <Card>
        <dt className="text-sm text-[var(--earn-hint)]">{t('myEarn.liquidity.claimableValue')}</dt>
        <dd className="m-0 text-xl font-700" dir="ltr" data-testid="liquidity-claimable-total">
          {formatUsd(data.claimable_yield_usd)}
        </dd>
      </Card>
    </dl>
  )
}

function Status({ pending, error }: { pending: boolean; error: boolean }) {
  const { t } = useTranslation()
  if (pending)
    return (
      <SkeletonGroup label={t('myEarn.loading')} className="flex flex-col gap-4">
        <div className="grid grid-cols-2 gap-4">
          {[0, 1].map((i) => (
            <Card key={i} className="flex flex-col gap-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-6 w-28" />
            </Card>
          ))}
        </div>
        <Card variant="outline" className="flex flex-col gap-3">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-10 w-full" />
        </Card>
      </SkeletonGroup>
    )
  if (error)
    return (
      <p role="alert" className="m-0 text-[var(--earn-negative)]">
        {t('errors.generic')}
      </p>
    )
  return null
}

/**
 * my-liquidity: positions with their state, value, APR and leverage; add, remove, reinvest,
 * reduce. Visitors get the login prompt, which the server draws too: none of the holder's hooks
 * (the live price socket among them) runs for them.
 */
export function MyLiquidityTab() {
  const { userId } = useSnapshot(sessionStore)
  return userId > 0 ? <MyLiquidity /> : <LiquidityLoginPrompt />
}

function MyLiquidity() {
  const { t } = useTranslation()
  const { summary } = useUserLiquidity()
  const digits = useCoinDigits()
  const data = summary.data
  const prices = useLiveUsdtPrices(data?.pools.map((p) => p.base_coin) ?? [])
  const [acting, setActing] = useState<{ action: LiquidityAction; position: Position | null }>()
  return (
    <div className="flex flex-col gap-4" data-testid="my-liquidity">
      <Status pending={summary.isPending} error={summary.isError} />
      {data && (
        <>
          <Totals data={data} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="m-0 text-lg font-700">{t('myEarn.liquidity.positionsTitle')}</h2>
            <Button
              disabled={data.pools.length === 0}
              onClick={() => setActing({ action: 'add', position: null })}
            >
              {t('myEarn.liquidity.add')}
            </Button>
          </div>
          {data.positions.length === 0 ? (
            // The Add liquidity button just above is the next step: no second one here.
            <EmptyState
              testId="liquidity-empty"
              title={t('myEarn.liquidity.emptyTitle')}
              text={t('myEarn.liquidity.empty')}
            />
          ) : (
            <ul className="m-0 grid list-none gap-3 p-0 lg:grid-cols-2">
              {data.positions.map((p) => {
                const pool = data.pools.find((x) => x.product_id === p.product_id)
                return (
                  <LiquidityPositionCard
                    key={p.position_id}
                    position={p}
                    pool={pool}
                    basePrice={pool ? prices[pool.base_coin] : undefined}
                    digits={digits(p.coin)}
                    onAction={(action, position) => setActing({ action, position })}
                  />
                )
              })}
            </ul>
          )}
          {acting && (
            <LiquidityActionDialog
              action={acting.action}
              pools={data.pools}
              position={acting.position}
              digits={digits}
              onClose={() => setActing(undefined)}
            />
          )}
        </>
      )}
    </div>
  )
}

/** mining: what the user's liquidity earns (rewards per position) and the pools' terms. */
export function MiningTab() {
  const { t } = useTranslation()
  const { loggedIn, summary } = useUserLiquidity()
  const digits = useCoinDigits()
  const data = summary.data
  if (!loggedIn) return <LiquidityLoginPrompt />
  return (
    <div className="flex flex-col gap-6" data-testid="liquidity-mining-summary">
      <Status pending={summary.isPending} error={summary.isError} />
      {data && (
        <>
          <Totals data={data} />
          <section aria-labelledby="mining-rewards" className="flex flex-col gap-2">
            <h2 id="mining-rewards" className="m-0 text-lg font-700">
              {t('myEarn.liquidity.mining.byPosition')}
            </h2>
            {data.positions.length === 0 ? (
              <EmptyState
                compact
                testId="mining-empty"
                title={t('myEarn.liquidity.mining.noPositions')}
              />
            ) : (
              <ul className="m-0 flex list-none flex-col gap-2 p-0">
                {data.positions.map((p) => {
                  const pool = data.pools.find((x) => x.product_id === p.product_id)
                  const fmt = (v: string) => `${formatCoinAmount(v, digits(p.coin))} ${p.coin}`
                  return (
                    <Card
                      as="li"
                      variant="outline"
                      padding="sm"
                      key={p.position_id}
                      data-testid="mining-position"
                      className="flex flex-wrap items-center justify-between gap-3 text-sm"
                    >
                      <span className="font-600" dir="ltr">
                        {p.pair} · {p.leverage}×
                      </span>
                      <span className="text-[var(--earn-positive)]" dir="ltr">
                        {t('myEarn.liquidity.mining.effectiveApr')}{' '}
                        {pool
                          ? formatPercent(new Decimal(pool.apr).times(p.leverage).toFixed())
                          : '--'}
                      </span>
                      <span dir="ltr">
                        {t('myEarn.liquidity.totalYield')} {fmt(p.total_yield)}
                      </span>
                      <span dir="ltr">
                        {t('myEarn.liquidity.claimable')} {fmt(p.claimable_yield)}
                      </span>
                    </Card>
                  )
                })}
              </ul>
            )}
          </section>
          <section aria-labelledby="mining-pools" className="flex flex-col gap-2">
            <h2 id="mining-pools" className="m-0 text-lg font-700">
              {t('myEarn.liquidity.mining.pools')}
            </h2>
            <ul className="m-0 grid list-none gap-2 p-0 sm:grid-cols-2">
              {data.pools.map((p) => (
                <Card
                  as="li"
                  variant="outline"
                  padding="sm"
                  key={p.product_id}
                  data-testid="mining-pool"
                  className="flex flex-col gap-1 text-sm"
                >
                  <span className="font-700" dir="ltr">
                    {p.pair}
                  </span>
                  <span>
                    {t('myEarn.liquidity.apr')}{' '}
                    <span dir="ltr" className="text-[var(--earn-positive)]">
                      {formatPercent(p.apr)}
                    </span>
                  </span>
                  <span>
                    {t('myEarn.liquidity.mining.maxLeverage')}{' '}
                    <span dir="ltr">{p.max_leverage}×</span>
                  </span>
                  <span>
                    {t('myEarn.liquidity.mining.totalLiquidity')}{' '}
                    <span dir="ltr">
                      {formatCoinAmount(p.total_liquidity, digits(p.quote_coin))} {p.quote_coin}
                    </span>
                  </span>
                </Card>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  )
}
