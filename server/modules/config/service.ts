import { and, eq, inArray } from 'drizzle-orm'
import type { ConfigWebRequest, ConfigWebResult } from '../../../contract/config.schema'
import type { Database } from '../../db/client'
import { configEntries, grayReleaseWhitelists } from '../../db/schema'

const USERLIST_SUFFIX = '_userlist'

/**
 * The requested keys' values. `{scene}_stage` comes from config entries; `{scene}_userlist` is
 * the scene's gray-release whitelist as comma-separated user ids. An entry named
 * `<key>:<language>` overrides `<key>` for that device language.
 */
export async function configValues(
  db: Database,
  req: ConfigWebRequest,
): Promise<ConfigWebResult['data']> {
  const language = req.properties?.device.language
  const keys = [...new Set(req.keys)]
  const names = language ? keys.flatMap((k) => [k, `${k}:${language}`]) : keys
  const rows = await db
    .select()
    .from(configEntries)
    .where(and(eq(configEntries.projectName, req.project_name), inArray(configEntries.name, names)))
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
  return data
}
