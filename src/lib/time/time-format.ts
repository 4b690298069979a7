import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'
// Every module that uses dayjs imports this one: dayjs follows the text language from here on.
import './dayjs-locale'

dayjs.extend(utc)

/**
 * The spec's time formats (§9) that a screen shows: dates, date-times, and the ISO form in each
 * shown time's `datetime` (ui/date-time.tsx). §9's YYYYMMDDTHHmmss names nothing any screen or
 * call of ours shows or sends, so it is not here (docs/decisions.md).
 */
export const TIME_FORMATS = {
  date: 'YYYY-MM-DD',
  dateTime: 'YYYY-MM-DD HH:mm:ss',
  iso: 'YYYY-MM-DDTHH:mm:ssZ',
} as const

/** Export range dates are calendar days in UTC (spec §3). */
export const formatExportDate = (unixSeconds: number) =>
  dayjs.unix(unixSeconds).utc().format(TIME_FORMATS.date)

/** A moment as screens show it: the viewer's local time (spec §3's submit time, §9). */
export const formatDateTime = (unixSeconds: number) =>
  dayjs.unix(unixSeconds).format(TIME_FORMATS.dateTime)

/** The same moment for machines (a `<time>`'s datetime): local, with its offset (spec §9). */
export const isoDateTime = (unixSeconds: number) => dayjs.unix(unixSeconds).format(TIME_FORMATS.iso)
