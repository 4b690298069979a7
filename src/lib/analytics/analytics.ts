import { isTelegramPlatform } from '../platform/platform'
import { platformStore } from '../platform/platform-store'
import { sessionStore } from '../session/session-store'
import type { AnalyticsEvent } from './analytics-sender'
import { analyticsUserId } from './analytics-user'

/** The extra flags every event carries (spec §3). */
export function analyticsFlags() {
  const { platform, inApp } = platformStore
  const isPC = platform === 'pc' || platform === 'pc_tg'
  return {
    isApp: inApp,
    isPhone: !isPC,
    isPC,
    is_login: sessionStore.userId > 0 || analyticsUserId() > 0,
  }
}

type Sender = (events: readonly AnalyticsEvent[]) => Promise<unknown>

const queue: AnalyticsEvent[] = []
let sender: Sender | null = null
let flushScheduled = false

/** Records an event; it is sent once the analytics module has loaded (spec §4). */
export function trackEvent(name: string, params: Record<string, unknown> = {}): void {
  const source = isTelegramPlatform(platformStore.platform) ? 'telegram' : 'web'
  queue.push({ name, time: Date.now(), params: { source, ...params }, extra: analyticsFlags() })
  if (sender) scheduleFlush()
}

function scheduleFlush(): void {
  if (flushScheduled) return
  flushScheduled = true
  // Events of the same tick travel together.
  setTimeout(() => void flushAnalytics(), 0)
}

/** Sends everything queued; a failed send is dropped, analytics never blocks the page. */
export async function flushAnalytics(): Promise<void> {
  flushScheduled = false
  if (!sender || queue.length === 0) return
  const events = queue.splice(0)
  try {
    await sender(events)
  } catch (err) {
    console.warn('[analytics] batch not sent', err)
  }
}

/** After page load, loads the sender (its own chunk) and flushes what queued meanwhile. */
export function startAnalytics(
  load: () => Promise<Sender> = () =>
    import('./analytics-sender').then((m) => m.sendAnalyticsBatch),
): Promise<void> {
  return new Promise((resolve) => {
    const begin = async () => {
      sender = await load()
      await flushAnalytics()
      resolve()
    }
    if (document.readyState === 'complete') void begin()
    else window.addEventListener('load', () => void begin(), { once: true })
  })
}

/** For tests: forget the loaded sender and anything queued. */
export function resetAnalytics(): void {
  queue.length = 0
  sender = null
  flushScheduled = false
}
