import { Hono } from 'hono'
import { getHomepageProductCardsRequest } from '../../../contract/earn.schema'
import type { AppDeps } from '../../app'
import { envelope, readJson } from '../../http/envelope'
import { listProductCards } from './service'

/** Earn calls (spec §7): all POST with a JSON body under /s1/byfi. */
export function earnRoutes({ db, clock }: AppDeps): Hono {
  return new Hono().post('/get-homepage-product-cards', async (c) => {
    const filter = await readJson(c, getHomepageProductCardsRequest)
    const cards = await listProductCards(db, filter, clock.now())
    return c.json(envelope({ cards }, clock))
  })
}
