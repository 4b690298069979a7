import Decimal from 'decimal.js'

/** The most a user can subscribe now: balance and remaining limit, cut to the coin's digits. */
export function maxAmount(available: string, remainingLimit: string, digits: number): string {
  const max = Decimal.max(0, Decimal.min(available || 0, remainingLimit || 0))
  return max.toDecimalPlaces(digits, Decimal.ROUND_DOWN).toFixed()
}

export type AmountProblem = 'empty' | 'belowMin' | 'overLimit' | 'insufficient' | null

/** Why an amount cannot be subscribed, checked in the order the user can fix it. */
export function amountProblem(input: {
  amount: string
  min: string
  remainingLimit: string
  available: string | null
}): AmountProblem {
  if (!input.amount || !/[1-9]/.test(input.amount)) return 'empty'
  const amount = new Decimal(input.amount)
  if (amount.lt(input.min)) return 'belowMin'
  if (amount.gt(input.remainingLimit)) return 'overLimit'
  if (input.available !== null && amount.gt(input.available)) return 'insufficient'
  return null
}
