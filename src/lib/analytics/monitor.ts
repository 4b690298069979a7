import { ofetch } from 'ofetch'
import { apiBase } from '../http/api-origin'
import { analyticsFlags } from './analytics'
import { ANALYTICS_PATH } from './analytics-sender'

/** Capture fetch timeout (spec §9). */
export const CAPTURE_FETCH_TIMEOUT_MS = 30_000
export const CUSTOM_EVENT_NAME = 'monitor.custom_event'

/** The monitoring script, when the page loaded it. */
type MonitorScript = { reportCustomEvent(name: string, data: Record<string, unknown>): void }
declare global {
  interface Window {
    earnMonitor?: MonitorScript
  }
}

/** Reports a custom event to the monitor script, or, when it is missing, as one batch POST. */
export async function reportCustomEvent(
  name: string,
  data: Record<string, unknown> = {},
): Promise<void> {
  if (window.earnMonitor) return window.earnMonitor.reportCustomEvent(name, data)
  try {
    await ofetch(`${apiBase()}${ANALYTICS_PATH}`, {
      method: 'POST',
      timeout: CAPTURE_FETCH_TIMEOUT_MS,
      credentials: 'include',
      retry: 0,
      body: {
        events: [
          {
            name: CUSTOM_EVENT_NAME,
            time: Date.now(),
            params: { event: name, ...data },
            extra: analyticsFlags(),
          },
        ],
      },
    })
  } catch (err) {
    // Monitoring must never break the page; the console is the last resort.
    console.warn('[monitor] custom event not sent', name, err)
  }
}
