import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'

dayjs.extend(utc)

/** The spec's four time formats (§9). */
export const TIME_FORMATS = {
  date: 'YYYY-MM-DD',
  dateTime: 'YYYY-MM-DD HH:mm:ss',
  compact: 'YYYYMMDDTHHmmss',
  iso: 'YYYY-MM-DDTHH:mm:ssZ',
} as const

/** Export range dates are calendar days in UTC (spec §3). */
export const formatExportDate = (unixSeconds: number) =>
  dayjs.unix(unixSeconds).utc().format(TIME_FORMATS.date)

/** Submit time is shown in the viewer's local time (spec §3). */
export const formatSubmitTime = (unixSeconds: number) =>
  dayjs.unix(unixSeconds).format(TIME_FORMATS.dateTime)

export const EMPTY_PERCENT = '--'

/** A rate (0.05) as a percent with fixed digits, truncated; '--' when empty (spec §9). */
export function formatPercent(rate: string | number | null | undefined, digits = 2): string {
  if (rate === null || rate === undefined || rate === '') return EMPTY_PERCENT
  const n = Number(rate)
  if (!Number.isFinite(n)) return EMPTY_PERCENT
  const [int = '0', frac = ''] = String(rate).replace(/^-/, '').split('.')
  // Shift the decimal point two places as text so no float rounding creeps in.
  const shifted = (int + (frac + '00').slice(0, 2)).replace(/^0+(?=\d)/, '')
  const rest = (frac.slice(2) + '0'.repeat(digits)).slice(0, digits)
  const sign = String(rate).startsWith('-') && n !== 0 ? '-' : ''
  return `${sign}${shifted}${digits > 0 ? `.${rest}` : ''}%`
}
