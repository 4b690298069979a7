import { Link, useParams } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Position } from '../../../../contract/earn-account.schema'
import { usePositions } from '../../../lib/earn-data/positions'
import { buttonClass } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { EmptyState } from '../../../ui/empty-state'
import { Skeleton, SkeletonGroup } from '../../../ui/skeleton'
import { groupByProductType } from '../model/position-kind'
import { useServerNow } from '../model/use-server-now'
import { PositionCard } from './position-card'
import { RedeemDialog } from './redeem-dialog'

/** Two cards in the shape of a position while the list loads. */
function PositionsSkeleton({ label }: { label: string }) {
  return (
    <SkeletonGroup label={label} testId="positions-loading" className="grid gap-3 lg:grid-cols-2">
      {[0, 1].map((i) => (
        <Card key={i} variant="outline" className="flex flex-col gap-3">
          <div className="flex items-center gap-2">
            <Skeleton className="h-6 w-6" round />
            <Skeleton className="h-5 w-20" />
          </div>
          <div className="grid grid-cols-3 gap-4">
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
          </div>
          <Skeleton className="h-1.5 w-full" round />
          <Skeleton className="h-11 w-28" />
        </Card>
      ))}
    </SkeletonGroup>
  )
}

/** Open positions grouped by product type. */
export function PositionsSection() {
  const { t } = useTranslation()
  const { locale } = useParams({ strict: false })
  const { data, isPending, isError } = usePositions()
  const now = useServerNow()
  const [redeeming, setRedeeming] = useState<Position | null>(null)
  const groups = groupByProductType(data?.positions ?? [])
  return (
    <section aria-labelledby="positions-title" className="flex flex-col gap-4">
      <h2 id="positions-title" className="m-0 text-lg font-700">
        {t('myEarn.positions.title')}
      </h2>
      {isPending && <PositionsSkeleton label={t('myEarn.loading')} />}
      {isError && (
        <p role="alert" className="m-0 text-[var(--earn-negative)]">
          {t('errors.generic')}
        </p>
      )}
      {data && groups.length === 0 && (
        <EmptyState
          testId="positions-empty"
          title={t('myEarn.positions.emptyTitle')}
          text={t('myEarn.positions.emptyText')}
          action={
            <Link
              to="/{-$locale}/earn/home"
              params={{ locale }}
              data-testid="positions-explore"
              className={buttonClass()}
            >
              {t('myEarn.positions.explore')}
            </Link>
          }
        />
      )}
      {groups.map(([type, positions]) => (
        <div key={type} className="flex flex-col gap-2">
          <h3 className="m-0 text-base font-600">{t(`products.types.${type}`)}</h3>
          <ul className="m-0 grid list-none gap-3 p-0 lg:grid-cols-2">
            {positions.map((p) => (
              <PositionCard key={p.position_id} position={p} now={now} onRedeem={setRedeeming} />
            ))}
          </ul>
        </div>
      ))}
      {redeeming && <RedeemDialog position={redeeming} onClose={() => setRedeeming(null)} />}
    </section>
  )
}
