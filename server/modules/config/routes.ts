import { Hono } from 'hono'
import { CONFIG_WEB_PATH } from '../../../contract/paths'
import { configWebRequest, type ConfigWebResult } from '../../../contract/config.schema'
import type { AppContext } from '../../deps'
import { envelope, readJson } from '../../http/envelope'
import { configValues } from './service'

/** POST /v3/config/web: the requested keys' values (service.ts). */
export function configRoutes({ db, clock }: Pick<AppContext, 'db' | 'clock'>): Hono {
  return new Hono().post(CONFIG_WEB_PATH, async (c) => {
    const req = await readJson(c, configWebRequest)
    const result: ConfigWebResult = { data: await configValues(db, req) }
    return c.json(envelope(result, clock))
  })
}
