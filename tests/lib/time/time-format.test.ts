import { describe, expect, it } from 'vitest'
import { formatDateTime, formatExportDate, isoDateTime } from '../../../src/lib/time/time-format'
import { formatPercent } from '../../../src/lib/format/percent'

// 2024-03-31T23:30:00Z: the UTC day and a UTC+ local day differ.
const LATE_UTC = 1711927800

describe('time formats (spec §3, §9)', () => {
  it('export dates are UTC YYYY-MM-DD', () => {
    expect(formatExportDate(LATE_UTC)).toBe('2024-03-31')
  })

  it('submit time is local YYYY-MM-DD HH:mm:ss', () => {
    const d = new Date(LATE_UTC * 1000)
    const pad = (n: number) => String(n).padStart(2, '0')
    const local = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
    expect(formatDateTime(LATE_UTC)).toBe(local)
  })

  it("a shown time's datetime is YYYY-MM-DDTHH:mm:ssZ: the same local time, with the offset", () => {
    const iso = isoDateTime(LATE_UTC)
    expect(iso).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/)
    expect(iso.slice(0, 19).replace('T', ' ')).toBe(formatDateTime(LATE_UTC))
    expect(Date.parse(iso)).toBe(LATE_UTC * 1000)
  })

  it.each([
    [null, '--'],
    [undefined, '--'],
    ['', '--'],
    ['abc', '--'],
    ['0.05', '5.00%'],
    ['0.123456', '12.34%'],
    ['0.129999', '12.99%'],
    ['1', '100.00%'],
    ['-0.015', '-1.50%'],
    [0.5, '50.00%'],
    ['0', '0.00%'],
  ])('percent %j → %s', (rate, shown) => {
    expect(formatPercent(rate)).toBe(shown)
  })

  it('percent takes its digits', () => {
    expect(formatPercent('0.123456', 4)).toBe('12.3456%')
    expect(formatPercent('0.12', 0)).toBe('12%')
  })

  it('percent follows the text language: decimal mark, grouping, sign place; Latin digits', () => {
    expect(formatPercent('0.123456', 2, 'de-DE')).toBe('12,34\u00a0%')
    expect(formatPercent('0.123456', 2, 'tr-TR')).toBe('%12,34')
    expect(formatPercent('12.5', 2, 'de-DE')).toBe('1.250,00\u00a0%')
    expect(formatPercent('0.05', 2, 'ar-SA')).toMatch(/^5\.00/)
    expect(formatPercent('', 2, 'de-DE')).toBe('--')
  })
})
