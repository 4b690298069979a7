// Dependency-free (no dayjs): product cards in the first load use it.
import { i18n } from '../i18n/i18n'
import { formatAmount } from './amount-format'

/** What an empty percent shows (spec §9). */
export const EMPTY_PERCENT = '--'

/**
 * A rate (0.05) as a percent with fixed digits, truncated, in the text language's way (5.00%,
 * 5,00 % in de-DE, %5,00 in tr-TR); '--' when empty or unreadable. Intl shifts the decimal
 * string itself, so no float rounding creeps in.
 */
export function formatPercent(
  rate: string | number | null | undefined,
  digits = 2,
  locale: string = i18n.language,
): string {
  if (rate === null || rate === undefined || rate === '') return EMPTY_PERCENT
  return formatAmount(rate, { digits, minDigits: digits, locale, style: 'percent' })
}
