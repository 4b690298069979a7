import type { AnalyticsBatchRequest } from '../../../contract/analytics.schema'
import { apiRequest } from '../http/api-client'

export const ANALYTICS_PATH = '/analytics'
/** Events per POST; the server refuses larger batches (contract/analytics.schema.ts). */
export const ANALYTICS_BATCH_SIZE = 50

export type AnalyticsEvent = AnalyticsBatchRequest['events'][number]

/** Sends events to the server in batches; resolves with how many it accepted. */
export async function sendAnalyticsBatch(events: readonly AnalyticsEvent[]): Promise<number> {
  let accepted = 0
  for (let i = 0; i < events.length; i += ANALYTICS_BATCH_SIZE) {
    const batch = events.slice(i, i + ANALYTICS_BATCH_SIZE)
    const res = await apiRequest<{ accepted: number }>('POST', ANALYTICS_PATH, { events: batch })
    accepted += res.accepted
  }
  return accepted
}
