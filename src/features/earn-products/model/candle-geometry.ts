/** One candle of the quote API: open time and open/high/low/close as decimal strings. */
export type CandleInput = { t: number; o: string; h: string; l: string; c: string }

/** Where one candle sits in a chart of the given size (y grows downwards, as in SVG). */
export type CandleShape = {
  t: number
  x: number
  width: number
  /** The wick, from the high to the low. */
  highY: number
  lowY: number
  /** The body, from the higher of open and close to the lower (at least 1 unit tall). */
  bodyY: number
  bodyHeight: number
  rising: boolean
}

/**
 * Candlesticks for a chart `width` × `height`: one slot per candle, a body 60 % of its slot,
 * prices scaled between the lowest low and the highest high. Display only: coordinates may be
 * floats, amounts never are.
 */
export function candleShapes(candles: readonly CandleInput[], width: number, height: number) {
  if (candles.length === 0) return []
  const rows = candles.map((c) => ({ t: c.t, o: +c.o, h: +c.h, l: +c.l, c: +c.c }))
  const low = Math.min(...rows.map((r) => r.l))
  const high = Math.max(...rows.map((r) => r.h))
  const span = high - low || 1
  const y = (price: number) => ((high - price) / span) * height
  const slot = width / rows.length
  return rows.map((r, i): CandleShape => {
    const top = y(Math.max(r.o, r.c))
    return {
      t: r.t,
      x: i * slot + slot / 2,
      width: slot * 0.6,
      highY: y(r.h),
      lowY: y(r.l),
      bodyY: top,
      bodyHeight: Math.max(1, y(Math.min(r.o, r.c)) - top),
      rising: r.c >= r.o,
    }
  })
}
