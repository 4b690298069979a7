import Decimal from 'decimal.js'

export type ChartDay = { date: string; value: string }
export type ChartBar = {
  date: string
  value: string
  x: number
  y: number
  width: number
  height: number
}

/**
 * Bars of a daily series in a width × height box: zero is the baseline (negatives hang
 * below it), every bar has the same width and a 20 % gap.
 */
export function chartBars(days: readonly ChartDay[], width: number, height: number): ChartBar[] {
  if (!days.length) return []
  const values = days.map((d) => new Decimal(d.value || 0))
  const max = Decimal.max(0, ...values)
  const min = Decimal.min(0, ...values)
  const span = max.minus(min)
  const slot = width / days.length
  const barWidth = Math.max(1, slot * 0.8)
  const scale = (v: Decimal) => (span.isZero() ? 0 : v.div(span).times(height).toNumber())
  const zeroY = scale(max)
  return days.map((d, i) => {
    const h = scale(values[i]!.abs())
    const negative = values[i]!.isNegative()
    return {
      date: d.date,
      value: d.value,
      x: i * slot + (slot - barWidth) / 2,
      y: negative ? zeroY : zeroY - h,
      width: barWidth,
      // A zero day still shows a hairline so the day is visibly there.
      height: Math.max(h, 1),
    }
  })
}
