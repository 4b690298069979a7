import { and, eq, inArray } from 'drizzle-orm'
import { Hono } from 'hono'
import { configWebRequest, type ConfigWebResult } from '../../../contract/config.schema'
import type { AppContext } from '../../deps'
import { configEntries, grayReleaseWhitelists } from '../../db/schema'
import { envelope, readJson } from '../../http/envelope'

const USERLIST_SUFFIX = '_userlist'

/**
 * POST /v3/config/web: the requested keys' values. `{scene}_stage` comes from config entries;
 * `{scene}_userlist` is the scene's gray-release whitelist as comma-separated user ids.
 * An entry named `<key>:<language>` overrides `<key>` for that device language.
 */
export function configRoutes({ db, clock }: Pick<AppContext, 'db' | 'clock'>): Hono {
  return new Hono().post('/v3/config/web', async (c) => {
    const req = await readJson(c, configWebRequest)
    const language = req.properties?.device.language
    const keys = [...new Set(req.keys)]
    const names = language ? keys.flatMap((k) => [k, `${k}:${language}`]) : keys
    const rows = await db
      .select()
      .from(configEntries)
      .where(
        and(eq(configEntries.projectName, req.project_name), inArray(configEntries.name, names)),
      )
    const values = new Map(rows.map((r) => [r.name, r.value]))

    const scenes = keys
      .filter((k) => k.endsWith(USERLIST_SUFFIX))
      .map((k) => k.slice(0, -USERLIST_SUFFIX.length))
    const whitelist = scenes.length
      ? await db
          .select()
          .from(grayReleaseWhitelists)
          .where(inArray(grayReleaseWhitelists.scene, scenes))
          .orderBy(grayReleaseWhitelists.userId)
      : []

    const data: ConfigWebResult['data'] = []
    for (const name of keys) {
      if (name.endsWith(USERLIST_SUFFIX) && !values.has(name)) {
        const scene = name.slice(0, -USERLIST_SUFFIX.length)
        const ids = whitelist.filter((w) => w.scene === scene).map((w) => w.userId)
        data.push({ name, value: ids.join(',') })
        continue
      }
      const value = (language && values.get(`${name}:${language}`)) ?? values.get(name)
      if (value !== undefined) data.push({ name, value })
    }
    const result: ConfigWebResult = { data }
    return c.json(envelope(result, clock))
  })
}
