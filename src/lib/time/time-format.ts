import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'
// Every module that uses dayjs imports this one: dayjs follows the text language from here on.
import './dayjs-locale'

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
