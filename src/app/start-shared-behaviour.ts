import { startAnalytics } from '../lib/analytics/analytics'

/**
 * The spec's shared client behaviour that starts with the page (§4, §5, §7): the server clock
 * is measured once from the page's Date header (time displays read serverNow(); the clock code
 * is its own chunk, off the first load), and the analytics sender loads after `load` and
 * flushes what the page queued meanwhile. Neither blocks the first render: both fall back on
 * their own (local clock, dropped batch).
 */
export function startSharedBehaviour(): void {
  void import('../lib/time/server-time').then((m) => m.syncServerClock())
  void startAnalytics()
}
