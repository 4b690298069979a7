import { useTranslation } from 'react-i18next'
import { displayDigits } from '../lib/coins/coin-format'
import { useCoin } from '../lib/earn-data/coins'
import { EMPTY_AMOUNT, formatAmount, formatAmountShort } from '../lib/format/amount-format'
import { formatPercent } from '../lib/format/percent'

type AmountProps = {
  value: string | number | null | undefined
  /** The coin: its display digits (spec §3) and its name after the number. */
  coin: string
  /** 31.25M on cards and tables; the full amount stays in title and aria-label. */
  compact?: boolean
  /** Leave the coin name out (a column or label already says it). */
  hideCoin?: boolean
  className?: string
  'data-testid'?: string
}

/**
 * A coin amount as people read it: grouped per text language, cut to the coin's display digits,
 * trailing zeros trimmed, '--' when there is no amount yet. Numbers stay left-to-right in RTL.
 */
export function Amount({ value, coin, compact, hideCoin, className, ...rest }: AmountProps) {
  const { i18n } = useTranslation()
  const format = { digits: displayDigits(useCoin(coin)), locale: i18n.language }
  const full = formatAmount(value, format)
  const shown = compact ? formatAmountShort(value, format) : full
  const unit = hideCoin || full === EMPTY_AMOUNT ? '' : ` ${coin}`
  const label = `${full}${unit}`
  return (
    <span
      dir="ltr"
      className={className}
      data-testid={rest['data-testid']}
      title={shown === full ? undefined : label}
      aria-label={shown === full ? undefined : label}
    >
      {shown}
      {unit}
    </span>
  )
}

/** A rate (0.05) as 5.00% (5,00 % in de-DE), left-to-right in RTL pages too; '--' when empty. */
export function Percent({
  value,
  digits,
  className,
}: {
  value: string | number | null | undefined
  digits?: number
  className?: string
}) {
  const { i18n } = useTranslation()
  return (
    <span dir="ltr" className={className}>
      {formatPercent(value, digits, i18n.language)}
    </span>
  )
}
