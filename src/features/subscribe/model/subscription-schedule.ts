import dayjs from 'dayjs'
import { maturityMs, valueDateMs } from '../../../../contract/subscription-dates'
import { TIME_FORMATS } from '../../../lib/time/time-format'

/** The i18n keys and values of "Earning from 14:00 today · matures on 2026-12-12 08:00". */
export type ScheduleText = readonly [key: string, values: Record<string, string>]

// Dates stay left-to-right inside Arabic text (a bare 2026-12-12 would read 12-12-2026).
const isolate = (text: string) => `\u2066${text}\u2069`
const dateTime = (ms: number) => isolate(dayjs(ms).format(`${TIME_FORMATS.date} HH:mm`))

/**
 * When a subscription made now starts earning and how it ends, by the server's rule
 * (contract/subscription-dates.ts), in the viewer's local time: today / tomorrow / a date,
 * then "redeem any time" for flexible products or the maturity of a fixed term.
 */
export function subscriptionSchedule(
  now: number,
  product: { term_days: number; redeemable_anytime: boolean },
): ScheduleText[] {
  const start = valueDateMs(now)
  const days = dayjs(start).startOf('day').diff(dayjs(now).startOf('day'), 'day')
  const time = isolate(dayjs(start).format('HH:mm'))
  const parts: ScheduleText[] = [
    days === 0
      ? ['subscribe.schedule.today', { time }]
      : days === 1
        ? ['subscribe.schedule.tomorrow', { time }]
        : ['subscribe.schedule.on', { date: dateTime(start) }],
  ]
  if (product.term_days > 0)
    parts.push([
      'subscribe.schedule.matures',
      { date: dateTime(maturityMs(now, product.term_days)) },
    ])
  else if (product.redeemable_anytime) parts.push(['subscribe.schedule.anyTime', {}])
  return parts
}
