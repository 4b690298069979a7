import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Position } from '../../../../contract/earn-account.schema'
import { usePositions } from '../../../lib/earn-data/positions'
import { groupByProductType } from '../model/position-kind'
import { PositionCard } from './position-card'
import { RedeemDialog } from './redeem-dialog'

/** Open positions grouped by product type. */
export function PositionsSection() {
  const { t } = useTranslation()
  const { data, isPending, isError } = usePositions()
  const [redeeming, setRedeeming] = useState<Position | null>(null)
  const groups = groupByProductType(data?.positions ?? [])
  return (
    <section aria-labelledby="positions-title" className="flex flex-col gap-4">
      <h2 id="positions-title" className="m-0 text-lg font-700">
        {t('myEarn.positions.title')}
      </h2>
      {isPending && (
        <p role="status" className="m-0 text-[var(--earn-hint)]">
          {t('myEarn.loading')}
        </p>
      )}
      {isError && (
        <p role="alert" className="m-0 text-[var(--earn-negative)]">
          {t('errors.generic')}
        </p>
      )}
      {data && groups.length === 0 && (
        <p className="m-0 text-[var(--earn-hint)]" data-testid="positions-empty">
          {t('myEarn.positions.empty')}
        </p>
      )}
      {groups.map(([type, positions]) => (
        <div key={type} className="flex flex-col gap-2">
          <h3 className="m-0 text-base font-600">{t(`products.types.${type}`)}</h3>
          <ul className="m-0 grid list-none gap-3 p-0 lg:grid-cols-2">
            {positions.map((p) => (
              <PositionCard key={p.position_id} position={p} onRedeem={setRedeeming} />
            ))}
          </ul>
        </div>
      ))}
      {redeeming && <RedeemDialog position={redeeming} onClose={() => setRedeeming(null)} />}
    </section>
  )
}
