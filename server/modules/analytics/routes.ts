import { Hono } from 'hono'
import { analyticsBatchRequest } from '../../../contract/analytics.schema'
import type { AppContext } from '../../deps'
import { analyticsEvents } from '../../db/schema'
import { optionalUser } from '../../http/auth'
import { envelope, readJson } from '../../http/envelope'

const PLATFORMS = new Set(['pc', 'h5', 'app', 'pc_tg', 'ios_tg', 'android_tg'])

/** POST /analytics: a validated batch of client events, stored with the caller if logged in. */
export function analyticsRoutes({ db, clock }: Pick<AppContext, 'db' | 'clock'>): Hono {
  return new Hono().post('/analytics', async (c) => {
    const { events } = await readJson(c, analyticsBatchRequest)
    const user = await optionalUser(c)
    const platformHeader = c.req.header('platform') ?? ''
    const platform = PLATFORMS.has(platformHeader) ? platformHeader : ''
    const receivedAt = clock.now()
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
    return c.json(envelope({ accepted: events.length }, clock))
  })
}
