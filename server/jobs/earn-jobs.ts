import type { Clock } from '../clock'
import type { Database } from '../db/client'
import type { PriceSimulator } from '../modules/market/price-simulator'
import { runAutoSavings } from '../modules/earn/auto-savings'
import { runMaturity } from '../modules/earn/dual'
import { runLiquiditySettlement } from '../modules/earn/liquidity'
import { runAccrual } from '../modules/earn/yield'
import { runReminders } from '../telegram/reminders'

export type EarnJobDeps = {
  db: Database
  clock: Clock
  market: PriceSimulator
  /** Bot notification: claimable yield worth this many USD (default 10). */
  yieldAlertUsd?: number
}
export type EarnJobReport = {
  liquidity: number
  accrued: number
  matured: number
  autoSavings: number
  /** Reminders whose product opened or had quota again (their bot messages queued). */
  reminders: number
}

/**
 * One pass of every earn job at the clock's now: pending liquidity, hourly accrual, maturity
 * and dual settlement, daily auto-savings, then the reminders of
 * products open now (after the jobs that free quota). Each job catches up on all hours it missed, so
 * moving a manual clock forward and running once is the same as running every hour.
 */
export async function runEarnJobs(deps: EarnJobDeps): Promise<EarnJobReport> {
  const now = deps.clock.now()
  const liquidity = await runLiquiditySettlement(deps.db, now)
  const accrued = await runAccrual(deps.db, now, {
    market: deps.market,
    thresholdUsd: deps.yieldAlertUsd ?? 10,
  })
  const matured = await runMaturity(deps.db, deps.market, now)
  const autoSavings = await runAutoSavings(deps, now)
  const reminders = await runReminders(deps.db, now)
  return { liquidity, accrued, matured, autoSavings, reminders }
}

/** Runs the jobs every intervalMs (one pass at a time); returns the stop function. */
export function startEarnJobs(deps: EarnJobDeps, intervalMs = 60_000): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve()
  let busy = false
  const timer = setInterval(() => {
    if (busy) return
    busy = true
    running = runEarnJobs(deps)
      .catch((err: unknown) => console.error('[earn-jobs] pass failed', err))
      .finally(() => (busy = false))
  }, intervalMs)
  timer.unref?.()
  return async () => {
    clearInterval(timer)
    await running
  }
}
