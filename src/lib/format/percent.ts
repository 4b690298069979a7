// Dependency-free (no dayjs): product cards in the first load use it.

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
