import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import { maturityMs, valueDateMs } from '../../../contract/subscription-dates'
import { subscriptionSchedule } from '../../../src/features/subscribe/model/subscription-schedule'

const plain = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.replace(/[\u2066-\u2069]/g, '')]))
const at = (text: string) => dayjs(text).valueOf()

describe('subscription schedule', () => {
  it('starts at the next whole hour and matures term days after the subscription', () => {
    expect(valueDateMs(at('2026-11-24T13:20:05'))).toBe(at('2026-11-24T14:00:00'))
    expect(valueDateMs(at('2026-11-24T14:00:00'))).toBe(at('2026-11-24T14:00:00'))
    expect(maturityMs(at('2026-11-24T13:20:00'), 30)).toBe(at('2026-12-24T13:20:00'))
  })

  it('flexible: earning from a time today, redeem any time', () => {
    const parts = subscriptionSchedule(at('2026-11-24T13:20:00'), {
      term_days: 0,
      redeemable_anytime: true,
    })
    expect(parts.map(([key, values]) => [key, plain(values)])).toEqual([
      ['subscribe.schedule.today', { time: '14:00' }],
      ['subscribe.schedule.anyTime', {}],
    ])
  })

  it('fixed: tomorrow after 23:00, and the maturity date and time; dates isolated left-to-right', () => {
    const parts = subscriptionSchedule(at('2026-11-24T23:10:00'), {
      term_days: 30,
      redeemable_anytime: false,
    })
    expect(parts.map(([key, values]) => [key, plain(values)])).toEqual([
      ['subscribe.schedule.tomorrow', { time: '00:00' }],
      ['subscribe.schedule.matures', { date: '2026-12-24 23:10' }],
    ])
    expect(parts[1]![1].date).toMatch(/^\u2066.*\u2069$/)
  })

  it('neither flexible nor fixed: only when it starts', () => {
    const parts = subscriptionSchedule(at('2026-11-24T10:00:00'), {
      term_days: 0,
      redeemable_anytime: false,
    })
    expect(parts.map(([key]) => key)).toEqual(['subscribe.schedule.today'])
  })
})
