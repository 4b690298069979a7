import type { TelegramLaunch } from '../../lib/platform/telegram-launch'
import { startPathFor } from '../../../contract/start-param'
import { tabStore, type SafeStorage } from '../../lib/storage/safe-storage'
import { tmaConfig } from '../../lib/telegram/tma-config'

const START_CONSUMED_KEY = 'earn/telegram-start-param'

/**
 * The path a start_param opens (t.me/<bot>/<app>?startapp=<payload>), once per launch: a reload
 * or a later page of the same launch stays where it is. Null when nothing should change. No
 * SDK here: bootstrap needs it before the first render (telegram-start.ts).
 */
export function startPathOf(
  launch: TelegramLaunch | null,
  pathname: string,
  storage: SafeStorage = tabStore,
): string | null {
  if (!launch?.initDataRaw || storage.getItem(START_CONSUMED_KEY) === launch.initDataRaw)
    return null
  storage.setItem(START_CONSUMED_KEY, launch.initDataRaw)
  if (!launch.startParam) return null
  const { routes, homeRoute } = tmaConfig.startParam
  // The mini-app URL's locale prefix (/ar-SA/earn/home) is kept.
  const prefix = /^(\/[^/]+)\/earn(\/|$)/.exec(pathname)?.[1] ?? ''
  return prefix + startPathFor(launch.startParam, routes, homeRoute)
}
