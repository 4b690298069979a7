import { lt } from 'drizzle-orm'
import type { AnalyticsBatchRequest } from '../../../contract/analytics.schema'
import type { Database } from '../../db/client'
import { analyticsEvents } from '../../db/schema'

const PLATFORMS = new Set(['pc', 'h5', 'app', 'pc_tg', 'ios_tg', 'android_tg'])

/** Stores a validated batch with the caller (if logged in) and a known Platform header. */
export async function storeEvents(
  db: Database,
  events: AnalyticsBatchRequest['events'],
  input: { userId: number | null; platformHeader: string; receivedAt: Date },
): Promise<void> {
  const platform = PLATFORMS.has(input.platformHeader) ? input.platformHeader : ''
  await db.insert(analyticsEvents).values(
    events.map((e) => ({
      userId: input.userId,
      name: e.name,
      platform,
      params: { ...(e.params ?? {}), ...(e.extra ? { extra: e.extra } : {}) },
      clientTime: e.time ? new Date(e.time) : null,
      receivedAt: input.receivedAt,
    })),
  )
}

/** Deletes events received before the cutoff (one range delete on analytics_events_received_idx). */
export async function pruneEventsBefore(db: Database, cutoff: Date): Promise<void> {
  await db.delete(analyticsEvents).where(lt(analyticsEvents.receivedAt, cutoff))
}
