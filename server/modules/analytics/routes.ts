import { lt } from 'drizzle-orm'
import { Hono } from 'hono'
import { analyticsBatchRequest } from '../../../contract/analytics.schema'
import type { AppContext } from '../../app'
import { analyticsEvents } from '../../db/schema'
import { clientIp, optionalUser } from '../../http/auth'
import { envelope, readJson } from '../../http/envelope'
import { ApiError, RetCode } from '../../http/errors'
import { WindowCounter } from '../../http/rate-limit'

const PLATFORMS = new Set(['pc', 'h5', 'app', 'pc_tg', 'ios_tg', 'android_tg'])

/** Batches a minute: anonymous per address, logged in per user (a client sends a few). */
export const ANALYTICS_ANONYMOUS_PER_MINUTE = 30
export const ANALYTICS_USER_PER_MINUTE = 120
/** Events older than this are deleted (checked at most once an hour, by a write). */
export const ANALYTICS_RETENTION_DAYS = 90
const HOUR = 3_600_000

/** POST /analytics: a validated batch of client events, stored with the caller if logged in. */
export function analyticsRoutes({ db, clock, config }: AppContext): Hono {
  const anonymous = new WindowCounter(ANALYTICS_ANONYMOUS_PER_MINUTE, 60_000)
  const perUser = new WindowCounter(ANALYTICS_USER_PER_MINUTE, 60_000)
  let prunedAt = 0
  return new Hono().post('/analytics', async (c) => {
    const { events } = await readJson(c, analyticsBatchRequest)
    const user = await optionalUser(c)
    const receivedAt = clock.now()
    const allowed = user
      ? perUser.hit(`user:${user.id}`, receivedAt.getTime())
      : anonymous.hit(clientIp(c, config.TRUST_PROXY_HOPS), receivedAt.getTime())
    if (!allowed)
      throw new ApiError(RetCode.TooManyRequests, undefined, 429, { 'Retry-After': '60' })
    const platformHeader = c.req.header('platform') ?? ''
    const platform = PLATFORMS.has(platformHeader) ? platformHeader : ''
    await db.insert(analyticsEvents).values(
      events.map((e) => ({
        userId: user?.id ?? null,
        name: e.name,
        platform,
        params: { ...(e.params ?? {}), ...(e.extra ? { extra: e.extra } : {}) },
        clientTime: e.time ? new Date(e.time) : null,
        receivedAt,
      })),
    )
    if (receivedAt.getTime() - prunedAt > HOUR) {
      prunedAt = receivedAt.getTime()
      const cutoff = new Date(receivedAt.getTime() - ANALYTICS_RETENTION_DAYS * 24 * HOUR)
      // Uses analytics_events_received_idx; one range delete an hour per server.
      await db.delete(analyticsEvents).where(lt(analyticsEvents.receivedAt, cutoff))
    }
    return c.json(envelope({ accepted: events.length }, clock))
  })
}
