// The one number formatter of the client: coin amounts, USD values and the Amount component all
// come through here. Intl.NumberFormat (no library) keeps it out of the JS budget; it takes the
// decimal string itself (Intl v3), so no float ever rounds a balance.

/** What an empty or unreadable amount shows (spec §9: never a row of zeros as a placeholder). */
export const EMPTY_AMOUNT = '--'

export type AmountFormat = {
  /** Most decimals shown; the rest is cut, never rounded up (a balance must not grow). */
  digits: number
  /** Decimals always shown (USD: 2); coin amounts trim trailing zeros. */
  minDigits?: number
  /** 31.25M instead of 31,250,000 (the full value belongs in title/aria-label). */
  compact?: boolean
  /** The text language (i18n.language); decides grouping and the decimal mark. */
  locale: string
  /**
   * A rate as a percent (12,50 % in de-DE, %12,50 in tr-TR) or a USD value ($1,234.50,
   * 1.234,50 $ in de-DE), each in the language's way.
   */
  style?: 'percent' | 'usd'
}

const STYLES: Record<NonNullable<AmountFormat['style']>, Intl.NumberFormatOptions> = {
  percent: { style: 'percent' },
  usd: { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' },
}

const cache = new Map<string, Intl.NumberFormat>()

function numberFormat({ digits, minDigits = 0, compact, locale, style }: AmountFormat) {
  const key = `${locale}|${digits}|${minDigits}|${compact ? 1 : 0}|${style ?? ''}`
  let format = cache.get(key)
  if (!format) {
    const options: Intl.NumberFormatOptions = {
      // Latin digits in every language, as exchanges show prices (decisions.md).
      numberingSystem: 'latn',
      maximumFractionDigits: compact ? Math.min(digits, 2) : digits,
      minimumFractionDigits: compact ? 0 : Math.min(minDigits, digits),
      roundingMode: 'trunc',
      signDisplay: 'negative',
      ...(compact ? { notation: 'compact', compactDisplay: 'short' } : {}),
      ...(style ? STYLES[style] : {}),
    }
    try {
      format = new Intl.NumberFormat(locale, options)
    } catch {
      format = new Intl.NumberFormat('en', options)
    }
    cache.set(key, format)
  }
  return format
}

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i

/** The value as Intl's exact decimal string, or null when it is not a finite number. */
function toDecimalString(value: string | number | null | undefined): `${number}` | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'number') return Number.isFinite(value) ? (`${value}` as `${number}`) : null
  const text = value.trim()
  return DECIMAL.test(text) ? (text as `${number}`) : null
}

/** A number for people: grouped per locale, cut to `digits`, trailing zeros trimmed; '--' if empty. */
export function formatAmount(value: string | number | null | undefined, format: AmountFormat) {
  const decimal = toDecimalString(value)
  return decimal === null ? EMPTY_AMOUNT : numberFormat(format).format(decimal)
}

/** Compact only pays from 100,000 up; below that the full form is as short. */
const COMPACT_FROM = 100_000

/** The compact form when the value is large enough to need it, else the full form. */
export function formatAmountShort(value: string | number | null | undefined, format: AmountFormat) {
  const decimal = toDecimalString(value)
  if (decimal === null) return EMPTY_AMOUNT
  return Math.abs(Number(decimal)) >= COMPACT_FROM
    ? numberFormat({ ...format, compact: true }).format(decimal)
    : numberFormat(format).format(decimal)
}
