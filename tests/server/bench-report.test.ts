import { describe, expect, it } from 'vitest'
import { failedRow, loadRows, printTable, row } from '../../scripts/bench/report'

describe('bench report', () => {
  it('judges a value against a max or a min budget', () => {
    expect(
      row({ section: 's', figure: 'p99', value: 25, unit: 'ms', budget: { max: 25 } }).ok,
    ).toBe(true)
    expect(
      row({ section: 's', figure: 'p99', value: 26, unit: 'ms', budget: { max: 25 } }).ok,
    ).toBe(false)
    expect(
      row({ section: 's', figure: 'score', value: 94, unit: '', budget: { min: 95 } }).ok,
    ).toBe(false)
    expect(row({ section: 's', figure: 'rps', value: 700, unit: 'req/s' }).ok).toBeUndefined()
  })

  it('fails a figure that could not be measured', () => {
    expect(
      row({ section: 's', figure: 'lcp', value: NaN, unit: 'ms', budget: { max: 1 } }).ok,
    ).toBe(false)
    expect(
      failedRow('API', 'could not be measured', new Error('no postgres\nstack')),
    ).toMatchObject({
      ok: false,
      note: 'no postgres',
    })
  })

  it('prints each figure with its budget beside it', () => {
    const table = printTable([
      row({
        section: 'client',
        figure: 'initial JS gzip',
        value: 131_100,
        unit: 'kB',
        budget: { max: 140_000 },
      }),
      row({ section: 'API', figure: 'p99', value: 31.4, unit: 'ms', budget: { max: 25 } }),
    ])
    const [, , js, api] = table.split('\n')
    expect(js).toMatch(/initial JS gzip\s+131\.1 kB\s+≤ 140\.0 kB\s+ok/)
    expect(api).toMatch(/p99\s+31 ms\s+≤ 25 ms\s+FAIL/)
  })

  it('reports a load run: budgets only where given, and error answers fail it', () => {
    const run = { requestsPerSecond: 498, p50Ms: 4, p99Ms: 31, errors: 0, requests: 4980 }
    const free = loadRows('API', 'at capacity', run)
    expect(free.map((r) => r.figure)).toEqual([
      'requests/s at capacity',
      'p50 at capacity',
      'p99 at capacity',
    ])
    expect(free.every((r) => r.ok === undefined)).toBe(true)

    const budgeted = loadRows('API', 'at 500 req/s', run, { rate: 500, p99Ms: 25 })
    expect(budgeted.map((r) => r.ok)).toEqual([true, undefined, false])

    const failing = loadRows('API', 'at capacity', {
      ...run,
      errors: 3,
      firstError: '{"ret_code":315}',
    })
    expect(failing).toHaveLength(4)
    expect(failing[3]).toMatchObject({ ok: false, note: '3 errors of 4980: {"ret_code":315}' })
    expect(printTable(failing)).toMatch(/error responses at capacity\s+n\/a\s+FAIL/)
  })
})
