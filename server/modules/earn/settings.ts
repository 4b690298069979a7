import { earnSettings } from '../../db/schema'
import { ApiError, OrderRetCode } from '../../http/errors'
import type { Executor } from './money'

/** Operator switches with their defaults (rows in earn_settings override them). */
export const EARN_SETTING_DEFAULTS = {
  /** 'on' answers 600 (system maintenance) to every state-changing earn call. */
  maintenance: 'off',
  /** pay-order calls per user per minute before 315. */
  order_rate_limit_per_minute: '600',
  /** Orders a user may have in progress at once before 336. */
  max_pending_orders: '5',
} as const
export type EarnSettingName = keyof typeof EARN_SETTING_DEFAULTS
export type EarnSettings = Record<EarnSettingName, string>

export async function readSettings(db: Executor): Promise<EarnSettings> {
  const rows = await db.select().from(earnSettings)
  const out: EarnSettings = { ...EARN_SETTING_DEFAULTS }
  for (const r of rows) if (r.name in out) out[r.name as EarnSettingName] = r.value
  return out
}

export async function writeSetting(db: Executor, name: EarnSettingName, value: string) {
  await db
    .insert(earnSettings)
    .values({ name, value })
    .onConflictDoUpdate({ target: earnSettings.name, set: { value } })
}

/** 600 while the operator has earn in maintenance. */
export function assertNotMaintenance(settings: EarnSettings): void {
  if (settings.maintenance === 'on') throw new ApiError(OrderRetCode.SystemMaintenance)
}
