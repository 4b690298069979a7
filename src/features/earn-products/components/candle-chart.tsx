import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Chip } from '../../../ui/chip'
import { CANDLE_INTERVALS, useKlines, type CandleInterval } from '../api/get-klines'

const W = 320
const H = 96

/** Close prices of a pair as a line, with the spec's intervals 1m … 1M. */
export function CandleChart({ symbol }: { symbol: string }) {
  const { t } = useTranslation()
  const [interval, setInterval] = useState<CandleInterval>('1h')
  const { data } = useKlines(symbol, interval)
  // Display only: chart coordinates may be floats, amounts never are.
  const closes = (data?.list ?? []).map((c) => Number(c.c))
  const min = Math.min(...closes)
  const max = Math.max(...closes)
  const points = closes
    .map(
      (c, i) =>
        `${(i / Math.max(1, closes.length - 1)) * W},${H - ((c - min) / (max - min || 1)) * H}`,
    )
    .join(' ')
  return (
    <figure className="m-0 flex flex-col gap-2" data-testid="candle-chart">
      <div
        role="group"
        aria-label={t('products.chart.interval')}
        className="flex gap-1 overflow-x-auto pb-1"
      >
        {CANDLE_INTERVALS.map((i) => (
          <Chip key={i} selected={i === interval} onClick={() => setInterval(i)}>
            {i}
          </Chip>
        ))}
      </div>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-24 w-full"
        role="img"
        aria-label={t('products.chart.label', { symbol, interval })}
        preserveAspectRatio="none"
      >
        {closes.length > 1 && (
          <polyline
            points={points}
            fill="none"
            stroke="var(--earn-accent)"
            strokeWidth="2"
            vectorEffect="non-scaling-stroke"
          />
        )}
      </svg>
    </figure>
  )
}
