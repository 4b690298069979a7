import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'
import { EXPORT_LIMITS } from '../../../../contract/export-constants'
import { TIME_FORMATS } from '../../../lib/time/time-format'

dayjs.extend(utc)

// Ranges are whole UTC days (spec §3 shows them as UTC dates): from 00:00:00 of the first day
// to 23:59:59 of the last, both included.

export type DateRange = { start: string; end: string }
export type RangeError = 'missingDate' | 'endBeforeStart' | 'future' | 'tooLong'

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/

export const utcToday = (nowMs: number) => dayjs(nowMs).utc().format(TIME_FORMATS.date)

/** The last N days, today included. */
export function presetRange(days: number, nowMs: number): DateRange {
  const end = dayjs(nowMs).utc().startOf('day')
  return {
    start: end.subtract(days - 1, 'day').format(TIME_FORMATS.date),
    end: end.format(TIME_FORMATS.date),
  }
}

const parseDay = (s: string) => (DAY_RE.test(s) ? dayjs.utc(s, TIME_FORMATS.date) : null)

/** What is wrong with a range before it is sent, or null (the server checks the same rules). */
export function rangeError(range: DateRange, nowMs: number): RangeError | null {
  const start = parseDay(range.start)
  const end = parseDay(range.end)
  if (!start?.isValid() || !end?.isValid()) return 'missingDate'
  if (end.isBefore(start)) return 'endBeforeStart'
  if (end.isAfter(dayjs(nowMs).utc().startOf('day'))) return 'future'
  if (end.diff(start, 'day') + 1 > EXPORT_LIMITS.maxRangeDays) return 'tooLong'
  return null
}

/** The request's unix seconds: first second of the start day, last second of the end day. */
export function rangeToRequest(range: DateRange) {
  return {
    export_start_at: dayjs.utc(range.start).unix(),
    export_end_at: dayjs.utc(range.end).add(1, 'day').unix() - 1,
  }
}
