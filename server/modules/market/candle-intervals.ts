import { CANDLE_INTERVALS, type CandleInterval } from '../../../contract/enums'

export { CANDLE_INTERVALS, type CandleInterval }

const MIN = 60
const HOUR = 3600
const DAY = 86_400
const FIXED: Record<Exclude<CandleInterval, '1M'>, number> = {
  '1m': MIN,
  '3m': 3 * MIN,
  '5m': 5 * MIN,
  '15m': 15 * MIN,
  '30m': 30 * MIN,
  '1h': HOUR,
  '2h': 2 * HOUR,
  '4h': 4 * HOUR,
  '6h': 6 * HOUR,
  '8h': 8 * HOUR,
  '12h': 12 * HOUR,
  '1d': DAY,
  '3d': 3 * DAY,
  '1w': 7 * DAY,
}
/** 1970-01-05 00:00 UTC was a Monday: weeks start on Mondays, as exchanges' weekly candles do. */
const MONDAY_OFFSET = 4 * DAY

export const isCandleInterval = (v: string): v is CandleInterval =>
  (CANDLE_INTERVALS as readonly string[]).includes(v)

/** The [start, end) seconds of the candle containing `second`. */
export function candleBounds(interval: CandleInterval, second: number): [number, number] {
  if (interval === '1M') {
    const d = new Date(second * 1000)
    const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000
    const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000
    return [start, end]
  }
  const size = FIXED[interval]
  const offset = interval === '1w' ? MONDAY_OFFSET : 0
  const start = Math.floor((second - offset) / size) * size + offset
  return [start, start + size]
}

/** The `limit` candles ending with the one containing `lastSecond`, oldest first. */
export function candleWindows(
  interval: CandleInterval,
  lastSecond: number,
  limit: number,
): [number, number][] {
  const windows: [number, number][] = []
  let at = lastSecond
  for (let i = 0; i < limit; i++) {
    const bounds = candleBounds(interval, at)
    windows.push(bounds)
    at = bounds[0] - 1
  }
  return windows.reverse()
}

/** Price samples a candle reads: about 120, evenly spaced (every second up to 2 minutes). */
export const SAMPLES_PER_CANDLE = 120

/** Seconds between a candle's samples for a candle this many seconds long. */
export const sampleStride = (seconds: number): number =>
  Math.max(1, Math.floor(seconds / SAMPLES_PER_CANDLE))

/** The most samples one candle of this interval reads (a 31-day month for 1M). */
export function samplesPerCandle(interval: CandleInterval): number {
  const seconds = interval === '1M' ? 31 * DAY : FIXED[interval]
  return Math.ceil(seconds / sampleStride(seconds))
}
