import { and, asc, count, eq, gt, inArray, lte, min } from 'drizzle-orm'
import type { Database } from '../db/client'
import { loginFailures } from '../db/schema'
import { ApiError, RetCode } from './errors'

/** At most 10 failed logins per account and per IP in 15 minutes (issue 4). */
export const LOGIN_FAILURE_LIMIT = 10
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000

export const accountKey = (email: string) => `account:${email.toLowerCase()}`
export const ipKey = (ip: string) => `ip:${ip}`

/** Throws HTTP 429 / ret_code 10006 with Retry-After when any key is over the limit. */
export async function assertLoginAllowed(db: Database, now: Date, keys: string[]): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS)
  const rows = await db
    .select({ key: loginFailures.key, failures: count(), oldest: min(loginFailures.failedAt) })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, keys), gt(loginFailures.failedAt, since)))
    .groupBy(loginFailures.key)
  let retryAfterMs = 0
  for (const row of rows) {
    if (row.failures < LOGIN_FAILURE_LIMIT) continue
    // The key frees up when enough of its failures leave the window; the oldest is a safe bound.
    const excess = row.failures - LOGIN_FAILURE_LIMIT
    const [freeing] = await db
      .select({ at: loginFailures.failedAt })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, row.key), gt(loginFailures.failedAt, since)))
      .orderBy(asc(loginFailures.failedAt))
      .offset(excess)
      .limit(1)
    const at = new Date(freeing?.at ?? row.oldest ?? now)
    retryAfterMs = Math.max(retryAfterMs, at.getTime() + LOGIN_FAILURE_WINDOW_MS - now.getTime())
  }
  if (retryAfterMs > 0) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000))
    throw new ApiError(
      RetCode.TooManyRequests,
      `too many failed logins, try again in ${Math.ceil(seconds / 60)} min`,
      429,
      { 'Retry-After': String(seconds) },
    )
  }
}

export async function recordLoginFailure(db: Database, now: Date, keys: string[]): Promise<void> {
  await db.insert(loginFailures).values(keys.map((key) => ({ key, failedAt: now })))
  // Old rows are useless once out of the window; prune a key's history as we go.
  const cutoff = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS)
  await db
    .delete(loginFailures)
    .where(and(inArray(loginFailures.key, keys), lte(loginFailures.failedAt, cutoff)))
}

/** A successful login clears the account's failures (the IP's stay counted). */
export async function clearLoginFailures(db: Database, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key))
}
