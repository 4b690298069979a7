import type Decimal from 'decimal.js'
import { i18n } from '../i18n/i18n'
import { EMPTY_AMOUNT, formatAmount } from './amount-format'

/**
 * USD with two decimals in the language's way ($1,234.50; 1.234,50 $ in de-DE), cut (never
 * rounded up); '--' when not a number.
 */
export function formatUsd(
  value: string | Decimal | null | undefined,
  locale: string = i18n.language,
): string {
  if (value === null || value === undefined) return EMPTY_AMOUNT
  return formatAmount(value.toString(), { digits: 2, minDigits: 2, locale, style: 'usd' })
}

/** A signed amount with an explicit + for credits, so a list of records reads at a glance. */
export const withSign = (formatted: string) =>
  formatted.startsWith('-') || formatted === EMPTY_AMOUNT ? formatted : `+${formatted}`

/** A value in a fiat currency, grouped, with the currency's own decimals (JPY none). */
export function formatFiat(
  value: string | number,
  currency: string,
  locale: string = i18n.language,
) {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  }).format(Number(value))
}
