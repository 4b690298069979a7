/** APR as a percentage with two decimals, truncated; "--" when empty (spec §9). */
export function formatPercent(rate: string | null | undefined): string {
  if (rate === null || rate === undefined || rate === '') return '--'
  const [int = '0', frac = ''] = rate.replace(/^-/, '').split('.')
  // Move the decimal point two places by string arithmetic: money is never a float.
  const digits = (int + (frac + '00').slice(0, 2)).replace(/^0+(?=\d)/, '')
  const rest = (frac.slice(2) + '00').slice(0, 2)
  return `${rate.startsWith('-') ? '-' : ''}${digits}.${rest}%`
}
