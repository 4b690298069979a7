import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Chip } from '../../../ui/chip'
import { CANDLE_INTERVALS, useKlines, type CandleInterval } from '../api/get-klines'
import { candleShapes } from '../model/candle-geometry'

const W = 320
const H = 96

/** Candlesticks of a pair (open, high, low, close), with the spec's intervals 1m … 1M. */
export function CandleChart({ symbol }: { symbol: string }) {
  const { t } = useTranslation()
  const [interval, setInterval] = useState<CandleInterval>('1h')
  const { data } = useKlines(symbol, interval)
  const candles = candleShapes(data?.list ?? [], W, H)
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
        {candles.map((c) => {
          const colour = c.rising ? 'var(--earn-positive)' : 'var(--earn-negative)'
          return (
            <g key={c.t} data-candle={c.rising ? 'up' : 'down'}>
              <line
                x1={c.x}
                x2={c.x}
                y1={c.highY}
                y2={c.lowY}
                stroke={colour}
                vectorEffect="non-scaling-stroke"
              />
              <rect
                x={c.x - c.width / 2}
                y={c.bodyY}
                width={c.width}
                height={c.bodyHeight}
                fill={colour}
              />
            </g>
          )
        })}
      </svg>
    </figure>
  )
}
