import { Hono } from 'hono'
import { analyticsBatchRequest } from '../../../contract/analytics.schema'
import type { AppContext } from '../../deps'
import { optionalUser } from '../../http/auth'
import { envelope, readJson } from '../../http/envelope'
import { storeEvents } from './service'

/** POST /analytics: a validated batch of client events, stored with the caller if logged in. */
export function analyticsRoutes({ db, clock }: Pick<AppContext, 'db' | 'clock'>): Hono {
  return new Hono().post('/analytics', async (c) => {
    const { events } = await readJson(c, analyticsBatchRequest)
    const user = await optionalUser(c)
    await storeEvents(db, events, {
      userId: user?.id ?? null,
      platformHeader: c.req.header('platform') ?? '',
      receivedAt: clock.now(),
    })
    return c.json(envelope({ accepted: events.length }, clock))
  })
}
