import { eq } from 'drizzle-orm'
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
  /**
   * The most one user may hold of any one product, over the product's own maximum ('none': the
   * product's maximum alone); above it preview-order and pay-order answer 320.
   */
  max_amount_per_user: 'none',
} as const
export type EarnSettingName = keyof typeof EARN_SETTING_DEFAULTS
export type EarnSettings = Record<EarnSettingName, string>

/**
 * The row name of a setting for one user only ("maintenance@100002"). Only the TEST_MODE route
 * test/earn-setting writes such rows: e2e puts one user in maintenance (or at a rate or pending
 * limit of 0) without refusing every other test's orders on the shared server.
 */
const personalName = (name: EarnSettingName, userId: number) => `${name}@${userId}`

/** The operator's settings; with a user, that user's personal rows (TEST_MODE) win. */
export async function readSettings(db: Executor, userId?: number): Promise<EarnSettings> {
  const rows = await db.select().from(earnSettings)
  return settingsOf(
    rows.map((r) => [r.name, r.value]),
    userId,
  )
}

/** The settings of rows as stored (`[name, value]`), with the user's personal rows winning. */
export function settingsOf(rows: readonly [string, string][], userId?: number): EarnSettings {
  const out: EarnSettings = { ...EARN_SETTING_DEFAULTS }
  for (const [name, value] of rows) if (name in out) out[name as EarnSettingName] = value
  if (userId === undefined) return out
  for (const name of Object.keys(out) as EarnSettingName[]) {
    const mine = rows.find(([n]) => n === personalName(name, userId))
    if (mine) out[name] = mine[1]
  }
  return out
}

/** Sets a setting (for everyone, or for one user); null drops the row (back to the default). */
export async function writeSetting(
  db: Executor,
  name: EarnSettingName,
  value: string | null,
  userId?: number,
) {
  const row = userId === undefined ? name : personalName(name, userId)
  if (value === null) {
    await db.delete(earnSettings).where(eq(earnSettings.name, row))
    return
  }
  await db
    .insert(earnSettings)
    .values({ name: row, value })
    .onConflictDoUpdate({ target: earnSettings.name, set: { value } })
}

/** The per-user holding cap of max_amount_per_user, or null when the setting is 'none'. */
export function holdingCap(settings: EarnSettings): string | null {
  const v = settings.max_amount_per_user
  return /^\d{1,12}(\.\d{1,8})?$/.test(v) ? v : null
}

/** 600 while the operator has earn in maintenance. */
export function assertNotMaintenance(settings: EarnSettings): void {
  if (settings.maintenance === 'on') throw new ApiError(OrderRetCode.SystemMaintenance)
}
