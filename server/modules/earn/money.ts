import Decimal from 'decimal.js'
import type { Database } from '../../db/client'
import { DECIMAL_CONTEXT } from '../../../contract/settlement'

// Money in code is Decimal (never a JS float); on the wire a trimmed decimal string.

/** Precision far above NUMERIC(38,18), so intermediate products never round (cut down). */
export const Money = Decimal.clone(DECIMAL_CONTEXT)
export type Money = Decimal

export const money = (v: Decimal.Value) => new Money(v)

/** Amounts stored and paid are cut (not rounded up) to the ledger's 18 decimals. */
export const LEDGER_DP = 18
/** Yield is paid in whole units of 1e-8 (exchange asset digits), rounded down. */
export const YIELD_DP = 8

/** Decimal strings without trailing zeros ("0.05500000" → "0.055"). */
export function trimDecimal(value: string | Decimal): string {
  const s = typeof value === 'string' ? value : value.toFixed()
  if (!s.includes('.')) return s
  // A loop, not /\.?0+$/: that pattern rescans a run of zeros from each of its starts.
  let end = s.length
  while (s[end - 1] === '0') end--
  if (s[end - 1] === '.') end--
  return s.slice(0, end)
}

export const toFixedLedger = (v: Decimal) =>
  v.toDecimalPlaces(LEDGER_DP, Decimal.ROUND_DOWN).toFixed()

export const toUnix = (d: Date) => Math.floor(d.getTime() / 1000)
export const toUnixOrNull = (d: Date | null) => (d ? toUnix(d) : null)

export const HOUR_MS = 3_600_000
export const DAY_MS = 86_400_000

/** A drizzle transaction (what db.transaction hands its callback). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
/** Either the database or an open transaction. */
export type Executor = Database | Tx
