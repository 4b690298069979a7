import { Hono } from 'hono'
import { analyticsBatchRequest } from '../../../contract/analytics.schema'
import type { AppContext } from '../../deps'
import { optionalUser } from '../../http/auth'
import { limitAddress } from '../../http/client-address'
import { envelope, readJson } from '../../http/envelope'
import { ApiError, RetCode } from '../../http/errors'
import { WindowCounter } from '../../http/rate-limit'
import { pruneEventsBefore, storeEvents } from './service'

/**
 * Batches a minute logged in, per user (a client sends a few); anonymous, per address:
 * config.ANALYTICS_ANONYMOUS_PER_MINUTE.
 */
export const ANALYTICS_USER_PER_MINUTE = 120
/** Events older than this are deleted (checked at most once an hour, by a write). */
export const ANALYTICS_RETENTION_DAYS = 90
const HOUR = 3_600_000

/** POST /analytics: a validated batch of client events, stored with the caller if logged in. */
export function analyticsRoutes({
  db,
  clock,
  config,
}: Pick<AppContext, 'db' | 'clock' | 'config'>): Hono {
  const anonymous = new WindowCounter(config.ANALYTICS_ANONYMOUS_PER_MINUTE, 60_000)
  const perUser = new WindowCounter(ANALYTICS_USER_PER_MINUTE, 60_000)
  let prunedAt = 0
  return new Hono().post('/analytics', async (c) => {
    const { events } = await readJson(c, analyticsBatchRequest)
    const user = await optionalUser(c)
    const receivedAt = clock.now()
    const allowed = user
      ? perUser.hit(`user:${user.id}`, receivedAt.getTime())
      : anonymous.hit(limitAddress(c, config.TRUST_PROXY_HOPS), receivedAt.getTime())
    if (!allowed)
      throw new ApiError(RetCode.TooManyRequests, undefined, 429, { 'Retry-After': '60' })
    await storeEvents(db, events, {
      userId: user?.id ?? null,
      platformHeader: c.req.header('platform') ?? '',
      receivedAt,
    })
    if (receivedAt.getTime() - prunedAt > HOUR) {
      prunedAt = receivedAt.getTime()
      await pruneEventsBefore(
        db,
        new Date(receivedAt.getTime() - ANALYTICS_RETENTION_DAYS * 24 * HOUR),
      )
    }
    return c.json(envelope({ accepted: events.length }, clock))
  })
}
