import { startAnalytics } from '../lib/analytics/analytics'
import { syncServerClock } from '../lib/time/server-time'

/**
 * The spec's shared client behaviour that starts with the page (§4, §5, §7): the server clock
 * is measured once from the page's Date header (time displays read serverNow()), and the
 * analytics sender loads after `load` and flushes what the page queued meanwhile. Neither
 * blocks the first render: both fall back on their own (local clock, dropped batch).
 */
export function startSharedBehaviour(): void {
  void syncServerClock()
  void startAnalytics()
}
