/** Keeps what a user types a plain decimal with at most `digits` decimals ("," read as "."). */
export function sanitizeAmount(raw: string, digits: number): string {
  const cleaned = raw.replace(/,/g, '.').replace(/[^\d.]/g, '')
  const [int = '', ...fracParts] = cleaned.split('.')
  if (fracParts.length === 0) return int.replace(/^0+(?=\d)/, '')
  const frac = fracParts.join('').slice(0, digits)
  return digits === 0 ? int : `${int.replace(/^0+(?=\d)/, '') || '0'}.${frac}`
}
