import Decimal from 'decimal.js'

/** USD with two decimals, cut (never rounded up) like coin amounts; '--' when not a number. */
export function formatUsd(value: string | Decimal | null | undefined): string {
  if (value === null || value === undefined || value === '') return '--'
  try {
    const d = new Decimal(value)
    if (!d.isFinite()) return '--'
    const [int, frac] = d.abs().toFixed(2, Decimal.ROUND_DOWN).split('.')
    const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
    return `${d.isNegative() && !d.isZero() ? '-' : ''}$${grouped}.${frac}`
  } catch {
    return '--'
  }
}

/** A signed amount with an explicit + for credits, so a list of records reads at a glance. */
export const withSign = (formatted: string) =>
  formatted.startsWith('-') || formatted === '--' ? formatted : `+${formatted}`
