export type Unit = 'kB' | 'ms' | 'req/s' | 'msg/s' | 'requests' | 'score' | 'files' | ''
export type Budget = { max?: number; min?: number }
export type Row = {
  section: string
  figure: string
  value: number
  unit: Unit
  budget?: Budget
  /** Set when the row has a budget: whether the value meets it. */
  ok?: boolean
  note?: string
}

/** The middle of the values (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const formatValue = (value: number, unit: Unit) => {
  if (!Number.isFinite(value)) return 'n/a'
  if (unit === 'kB') return `${(value / 1000).toFixed(1)} kB`
  if (unit === 'ms') return `${value < 10 ? value.toFixed(2) : Math.round(value)} ms`
  if (unit === 'req/s' || unit === 'msg/s') return `${Math.round(value)} ${unit}`
  if (unit === '') return String(value)
  return `${value} ${unit}`
}

const formatBudget = (budget: Budget | undefined, unit: Unit) => {
  if (!budget) return ''
  if (budget.max !== undefined) return `≤ ${formatValue(budget.max, unit)}`
  return `≥ ${formatValue(budget.min!, unit)}`
}

/** A row, judged against its budget when it has one. */
export function row(r: Omit<Row, 'ok'>): Row {
  if (!r.budget) return r
  const { max, min } = r.budget
  const ok =
    Number.isFinite(r.value) &&
    (max === undefined || r.value <= max) &&
    (min === undefined || r.value >= min)
  return { ...r, ok }
}

/** A section that could not be measured: it fails, with the reason beside it. */
export const failedRow = (section: string, figure: string, err: unknown): Row => ({
  section,
  figure,
  value: NaN,
  unit: '',
  ok: false,
  note: err instanceof Error ? err.message.split('\n')[0] : String(err),
})

export function printTable(rows: Row[]): string {
  const cells = rows.map((r) => [
    r.section,
    r.figure,
    formatValue(r.value, r.unit),
    formatBudget(r.budget, r.unit),
    r.ok === undefined ? '' : r.ok ? 'ok' : 'FAIL',
    r.note ?? '',
  ])
  const header = ['section', 'figure', 'value', 'budget', '', 'note']
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)))
  const line = (c: string[]) =>
    c
      .map((v, i) => (i === 2 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd()
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n')
}

/** The shape of an autocannon run's result that the table reports (see api-load.ts). */
export type LoadFigures = {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  errors: number
  requests: number
  firstError?: string
}

const errorsNote = (r: LoadFigures) =>
  r.errors ? `${r.errors} errors of ${r.requests}${r.firstError ? `: ${r.firstError}` : ''}` : ''

/**
 * Requests/s, p50 and p99 of one load run; with `budget`, requests/s must reach 95 % of the
 * rate asked for and p99 must stay under its limit. Error answers add a failing row.
 */
export function loadRows(
  section: string,
  label: string,
  r: LoadFigures,
  budget?: { rate: number; p99Ms: number },
): Row[] {
  const out = [
    row({
      section,
      figure: `requests/s ${label}`,
      value: r.requestsPerSecond,
      unit: 'req/s',
      ...(budget ? { budget: { min: budget.rate * 0.95 } } : {}),
      note: errorsNote(r),
    }),
    row({ section, figure: `p50 ${label}`, value: r.p50Ms, unit: 'ms' }),
    row({
      section,
      figure: `p99 ${label}`,
      value: r.p99Ms,
      unit: 'ms',
      ...(budget ? { budget: { max: budget.p99Ms } } : {}),
    }),
  ]
  if (r.errors) out.push(failedRow(section, `error responses ${label}`, new Error(errorsNote(r))))
  return out
}
