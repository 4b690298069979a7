import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Card } from '../../../ui/card'
import { Chip } from '../../../ui/chip'
import { Skeleton, SkeletonGroup } from '../../../ui/skeleton'
import { useUserPnl } from '../../../lib/earn-data/user-pnl'
import { chartBars } from '../model/pnl-chart-geometry'
import { formatUsd } from '../../../lib/format/money-format'

const RANGES = [7, 30, 90] as const
const WIDTH = 600
const HEIGHT = 140

/** Daily yield in USD as an inline SVG bar chart (no chart library: a few rects). */
export function PnlChart() {
  const { t } = useTranslation()
  const [days, setDays] = useState<(typeof RANGES)[number]>(7)
  const { data, isPending, isError } = useUserPnl(days)
  const series = (data?.days ?? []).map((d) => ({ date: d.date, value: d.yield_usd }))
  const hasYield = series.some((d) => Number(d.value) !== 0)
  const bars = chartBars(series, WIDTH, HEIGHT)
  return (
    <Card as="section" aria-labelledby="pnl-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="pnl-title" className="m-0 text-lg font-700">
          {t('myEarn.pnl.title')}
        </h2>
        <div className="flex gap-2" role="group" aria-label={t('myEarn.pnl.range')}>
          {RANGES.map((r) => (
            <Chip key={r} selected={r === days} onClick={() => setDays(r)}>
              {t('myEarn.pnl.days', { count: r })}
            </Chip>
          ))}
        </div>
      </div>
      <p className="m-0 text-sm text-[var(--earn-hint)]">
        {t('myEarn.pnl.total')}{' '}
        <span dir="ltr" className="font-600 text-[var(--earn-positive)]" data-testid="pnl-total">
          {isPending ? (
            <Skeleton className="inline-block h-4 w-16 align-middle" />
          ) : (
            formatUsd(data?.total_usd)
          )}
        </span>
      </p>
      <div className="h-[140px] rounded-xl bg-[var(--earn-bg)] p-2" data-testid="pnl-chart">
        {isPending ? (
          <SkeletonGroup label={t('myEarn.loading')} className="h-full">
            <Skeleton className="h-full w-full" />
          </SkeletonGroup>
        ) : isError ? (
          <p role="alert" className="m-0 p-4 text-[var(--earn-negative)]">
            {t('errors.generic')}
          </p>
        ) : !hasYield ? (
          <p className="m-0 flex h-full items-center justify-center text-[var(--earn-hint)]">
            {t('myEarn.pnl.empty')}
          </p>
        ) : (
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            preserveAspectRatio="none"
            className="h-full w-full"
            role="img"
            aria-label={t('myEarn.pnl.chartLabel', { days, total: formatUsd(data?.total_usd) })}
            // Time runs left to right in every language, as on an axis.
            style={{ direction: 'ltr' }}
          >
            {bars.map((b) => (
              <rect
                key={b.date}
                x={b.x}
                y={b.y}
                width={b.width}
                height={b.height}
                rx={2}
                fill={Number(b.value) < 0 ? 'var(--earn-negative)' : 'var(--earn-positive)'}
              >
                <title>{`${b.date}: ${formatUsd(b.value)}`}</title>
              </rect>
            ))}
          </svg>
        )}
      </div>
    </Card>
  )
}
