import { queryOptions } from '@tanstack/react-query'
import type { ConfigWebResult } from '../../../contract/config.schema'
import { CONFIG_WEB_PATH } from '../../../contract/paths'
import { apiRequest } from '../http/api-client'
import { i18n } from '../i18n/i18n'
import {
  CONFIG_PROJECT,
  parseStage,
  stageKey,
  userlistKey,
  type GrayReleaseStage,
} from '../../../contract/gray-release'

/** Whitelist cache: stale after 60 s, dropped after 10 min (spec §9). */
export const WHITELIST_STALE_MS = 60_000
export const WHITELIST_DROP_MS = 10 * 60_000

export type SceneWhitelist = { stage: GrayReleaseStage; userIds: number[] }

/** Reads {scene}_stage and {scene}_userlist from the web config. */
export async function fetchSceneWhitelist(scene: string): Promise<SceneWhitelist> {
  const { data } = await apiRequest<ConfigWebResult>('POST', CONFIG_WEB_PATH, {
    project_name: CONFIG_PROJECT,
    keys: [stageKey(scene), userlistKey(scene)],
    properties: { device: { language: i18n.language } },
  })
  const value = (key: string) => data.find((d) => d.name === key)?.value
  const userIds = (value(userlistKey(scene)) ?? '')
    .split(',')
    .map((id) => Number(id.trim()))
    .filter((id) => Number.isInteger(id) && id > 0)
  return { stage: parseStage(value(stageKey(scene))), userIds }
}

export const sceneWhitelistQueryOptions = (scene: string) =>
  queryOptions({
    queryKey: ['gray-release', 'whitelist', scene],
    queryFn: () => fetchSceneWhitelist(scene),
    staleTime: WHITELIST_STALE_MS,
    gcTime: WHITELIST_DROP_MS,
  })
