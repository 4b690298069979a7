import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { loginFailures } from '../db/schema'
import { rowsOf } from '../db/rows'
import { ApiError, RetCode } from './errors'

/** At most 10 failed logins per address in 15 minutes (hard), and per account (see below). */
export const LOGIN_FAILURE_LIMIT = 10
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000

export const accountKey = (email: string) => `account:${email.toLowerCase()}`
export const ipKey = (ip: string) => `ip:${ip}`
/** One address's attempts on one account. */
export const pairKey = (email: string, ip: string) => `pair:${email.toLowerCase()}|${ip}`

/**
 * How many failures on one account an address may have, given the account's failures from
 * everywhere: 10 while the account is quiet, 3 once it has 10, 1 once it has 30. An account
 * under attack gets slower to guess at from every address, yet its owner, from an address
 * that has not failed on it, still logs in (no lockout by someone else's failures).
 */
export function pairLimit(accountFailures: number): number {
  if (accountFailures >= 3 * LOGIN_FAILURE_LIMIT) return 1
  if (accountFailures >= LOGIN_FAILURE_LIMIT) return 3
  return LOGIN_FAILURE_LIMIT
}

type Limit = { key: string; limit: number | ((counts: Map<string, number>) => number) }

export type LoginAttempt = {
  /** The credential was right: the attempt was no failure; the account's record is cleared. */
  succeeded(clearKeys?: string[]): Promise<void>
  /** The credential was wrong: the reserved rows stay as the failure record. */
  failed(): Promise<void>
  /** Neither (e.g. a stale but genuine initData): the reservation is given back. */
  released(): Promise<void>
  /** Right, but the row of `key` stays counted (sessions minted by one initData). */
  succeededKeeping(key: string): Promise<void>
}

/**
 * Reserves one attempt on every key *before* the credential is checked, then counts: the
 * reservation is committed before the count, so of N parallel attempts at most `limit` see a
 * count within the limit (the i-th committed row counts at least i rows). Over a limit: the
 * reservation is given back and the call answers 429 with Retry-After.
 */
export async function reserveLoginAttempt(
  db: Database,
  now: Date,
  limits: Limit[],
  refusal = 'too many failed logins',
): Promise<LoginAttempt> {
  const windowMs = LOGIN_FAILURE_WINDOW_MS
  await pruneExpired(db, now)
  const keys = limits.map((l) => l.key)
  const ids = (
    await db
      .insert(loginFailures)
      .values(keys.map((key) => ({ key, failedAt: now })))
      .returning({ id: loginFailures.id })
  ).map((r) => r.id)
  const release = (only = ids) => db.delete(loginFailures).where(inArray(loginFailures.id, only))
  const since = new Date(now.getTime() - windowMs)
  // The count, and the keys' rows out of the window deleted as it goes (they count nowhere):
  // one round trip where the count and the prune were two (issue 28).
  const keyList = sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )
  const counted = await db.execute(sql`
    with pruned as (
      delete from ${loginFailures}
      where key in (${keyList}) and failed_at <= ${since.toISOString()}::timestamptz
    )
    select key, count(*)::integer as n from ${loginFailures}
    where key in (${keyList}) and failed_at > ${since.toISOString()}::timestamptz
    group by key`)
  const counts = new Map(rowsOf<{ key: string; n: number }>(counted).map((r) => [r.key, r.n]))
  let retryAfterMs = 0
  for (const l of limits) {
    const limit = typeof l.limit === 'number' ? l.limit : l.limit(counts)
    const n = counts.get(l.key) ?? 0
    // n includes this attempt: over the limit when more than `limit` attempts are in the window.
    if (n <= limit) continue
    retryAfterMs = Math.max(
      retryAfterMs,
      await freeingIn(db, l.key, n - limit, since, now, windowMs),
    )
  }
  if (retryAfterMs > 0) {
    await release()
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000))
    throw new ApiError(
      RetCode.TooManyRequests,
      `${refusal}, try again in ${Math.ceil(seconds / 60)} min`,
      429,
      { 'Retry-After': String(seconds) },
    )
  }
  return {
    succeeded: async (clearKeys = []) => {
      await release()
      if (clearKeys.length)
        await db.delete(loginFailures).where(inArray(loginFailures.key, clearKeys))
    },
    // The reserved rows stay as the record; the keys' old rows went with the count above.
    failed: async () => {},
    released: async () => {
      await release()
    },
    succeededKeeping: async (key) => {
      await release(ids.filter((_, i) => keys[i] !== key))
    },
  }
}

/** When the key is back within its limit: its `excess`-th oldest row leaves the window. */
async function freeingIn(
  db: Database,
  key: string,
  excess: number,
  since: Date,
  now: Date,
  windowMs: number,
): Promise<number> {
  const [freeing] = await db
    .select({ at: loginFailures.failedAt })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.failedAt, since)))
    .orderBy(asc(loginFailures.failedAt))
    .offset(excess - 1)
    .limit(1)
  const at = new Date(freeing?.at ?? now)
  return Math.max(1000, at.getTime() + windowMs - now.getTime())
}

/** How often (per process) rows past every window are deleted: at most once a minute. */
const PRUNE_EVERY_MS = 60_000
let prunedAt = 0

/**
 * Deletes the rows no window counts any more. Keys of successful logins are never touched
 * again (each Telegram launch signs a new initData, whose row stays to count its sessions), so
 * pruning by key alone left them forever.
 */
async function pruneExpired(db: Database, now: Date): Promise<void> {
  if (Math.abs(now.getTime() - prunedAt) < PRUNE_EVERY_MS) return
  prunedAt = now.getTime()
  await db
    .delete(loginFailures)
    .where(lte(loginFailures.failedAt, new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS)))
}

/**
 * An in-process fixed-window counter per key (e.g. anonymous analytics per address): cheap,
 * no database row per request; each server counts its own share.
 */
export class WindowCounter {
  #windows = new Map<string, { start: number; n: number }>()

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit; false when the key is over its limit in the current window. */
  hit(key: string, now: number): boolean {
    let w = this.#windows.get(key)
    if (!w || now - w.start >= this.windowMs) {
      // Expired windows are dropped as the map grows, so it holds recent keys only.
      if (this.#windows.size > 10_000)
        for (const [k, v] of this.#windows)
          if (now - v.start >= this.windowMs) this.#windows.delete(k)
      w = { start: now, n: 0 }
      this.#windows.set(key, w)
    }
    w.n++
    return w.n <= this.limit
  }
}
