import Decimal from 'decimal.js'
import type { Coin } from './coins'

/** Display precision that overrides a coin's own digits (spec §3). */
export const DISPLAY_PRECISION_OVERRIDES: Readonly<Record<string, number>> = {
  BIT: 8,
  MATIC: 4,
  LTC: 8,
}

/** The digits an amount of this coin is shown with. */
export const displayDigits = (coin: Pick<Coin, 'name' | 'assetDigits'>) =>
  DISPLAY_PRECISION_OVERRIDES[coin.name.toUpperCase()] ?? coin.assetDigits

/** The amount cut (never rounded up) to the coin's display digits; '--' when not a number. */
export function formatCoinAmount(
  amount: string | number | null | undefined,
  coin: Pick<Coin, 'name' | 'assetDigits'>,
): string {
  if (amount === null || amount === undefined || amount === '') return '--'
  let value: Decimal
  try {
    value = new Decimal(amount)
  } catch {
    return '--'
  }
  if (!value.isFinite()) return '--'
  return value.toFixed(displayDigits(coin), Decimal.ROUND_DOWN)
}
