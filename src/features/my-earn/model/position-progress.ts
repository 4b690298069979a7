import Decimal from 'decimal.js'
import type { Position } from '../../../../contract/earn-account.schema'
import { LiquidityPositionStatus } from '../../../../contract/enums'
import { positionKind } from './position-kind'

const HOUR = 3600
/** The server accrues whole hours at APR / 365 / 24 (server/modules/earn/yield.ts). */
const HOURS_PER_YEAR = 365 * 24

type Term = Pick<Position, 'started_at' | 'maturity_at' | 'product_type' | 'dual'>

/** Where a position's term ends: maturity, or a dual product's settlement; null when open-ended. */
export function termEnd(p: Term): number | null {
  return p.dual?.settlement_at ?? p.maturity_at
}

/** Percent of the term gone by at `now` (unix seconds), 0–100; null for open-ended positions. */
export function termProgress(p: Term, now: number): number | null {
  const end = termEnd(p)
  if (end === null) return null
  const length = end - p.started_at
  if (length <= 0) return 100
  return Math.min(100, Math.max(0, ((now - p.started_at) / length) * 100))
}

export type NextPayout =
  /** Flexible, staking, liquidity: the next whole hour's yield, credited as claimable. */
  | { kind: 'hourly'; at: number; amount: string }
  /** Fixed term: principal back and the term's yield, at maturity (est. yield over the term). */
  | { kind: 'maturity'; at: number; amount: string }
  /** Dual: settled at expiry in one of two coins, so no single amount can be said. */
  | { kind: 'settlement'; at: number; amount: null }

type PayoutInput = Pick<
  Position,
  | 'started_at'
  | 'maturity_at'
  | 'product_type'
  | 'dual'
  | 'principal'
  | 'apr'
  | 'leverage'
  | 'liquidity_status'
>

/**
 * When the position next pays and roughly how much (ours, from the server's accrual rules):
 * an open-ended position accrues each whole hour (principal × APR × leverage / 8760); a fixed
 * term pays its yield with the principal at maturity (principal × APR × term / year, counted
 * from the value date, the whole hour after the start); a dual product settles at expiry.
 * Null when nothing is coming: a liquidity position not (yet or any more) earning.
 */
export function nextPayout(p: PayoutInput, now: number): NextPayout | null {
  const kind = positionKind(p)
  const principal = new Decimal(p.principal)
  if (kind === 'dual') return { kind: 'settlement', at: termEnd(p)!, amount: null }
  if (kind === 'fixed') {
    const valueDate = Math.ceil(p.started_at / HOUR) * HOUR
    const hours = Math.max(0, Math.floor((p.maturity_at! - valueDate) / HOUR))
    const amount = principal.times(p.apr).times(hours).div(HOURS_PER_YEAR)
    return { kind: 'maturity', at: p.maturity_at!, amount: amount.toFixed() }
  }
  if (kind === 'liquidity' && p.liquidity_status !== LiquidityPositionStatus.Effective) return null
  const at = Math.max(Math.floor(now / HOUR) + 1, Math.ceil(p.started_at / HOUR)) * HOUR
  const amount = principal
    .times(p.apr)
    .times(p.leverage ?? 1)
    .div(HOURS_PER_YEAR)
  return { kind: 'hourly', at, amount: amount.toFixed() }
}
