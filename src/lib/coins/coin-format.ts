import { formatAmount, formatAmountShort } from '../format/amount-format'
import { i18n } from '../i18n/i18n'
import type { Coin } from './coin'

/** Display precision that overrides a coin's own digits (spec §3). */
export const DISPLAY_PRECISION_OVERRIDES: Readonly<Record<string, number>> = {
  BIT: 8,
  MATIC: 4,
  LTC: 8,
}

/** The digits an amount of this coin is shown with. */
export const displayDigits = (coin: Pick<Coin, 'name' | 'assetDigits'>) =>
  DISPLAY_PRECISION_OVERRIDES[coin.name.toUpperCase()] ?? coin.assetDigits

/**
 * The digits an order amount of this coin may have: its transaction precision (get-coins), which
 * the server enforces (10001 for a finer amount), never finer than it is shown. The display digits
 * until the coin list has arrived.
 */
export const orderDigits = (coin: Pick<Coin, 'name' | 'assetDigits'> & Partial<Coin>) =>
  Math.min(coin.transactionDigits ?? Infinity, displayDigits(coin))

/**
 * The amount grouped per locale, cut (never rounded up) to the coin's display digits, trailing
 * zeros trimmed; '--' when not a number. The text language unless told otherwise.
 */
export function formatCoinAmount(
  amount: string | number | null | undefined,
  coin: Pick<Coin, 'name' | 'assetDigits'>,
  locale: string = i18n.language,
): string {
  return formatAmount(amount, { digits: displayDigits(coin), locale })
}

/** The same amount in its compact form from 100,000 up (31.25M), for cards and tables. */
export function formatCoinAmountShort(
  amount: string | number | null | undefined,
  coin: Pick<Coin, 'name' | 'assetDigits'>,
  locale: string = i18n.language,
): string {
  return formatAmountShort(amount, { digits: displayDigits(coin), locale })
}
