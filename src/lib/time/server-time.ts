import { ofetch } from 'ofetch'
import { proxy, useSnapshot } from 'valtio'

/** Time request timeout (spec §9). */
export const TIME_REQUEST_TIMEOUT_MS = 2_000
/** Device-clock skew under this is ignored (spec §5). */
export const CLOCK_SKEW_TOLERANCE_MS = 10_000
/** Device-clock skew over this is worth a console warning (spec §5). */
export const CLOCK_SKEW_WARNING_MS = 24 * 60 * 60 * 1000

/** The offset the client adds to its own clock to get server time. */
export const serverClock = proxy({ offsetMs: 0 })

export const serverNow = () => Date.now() + serverClock.offsetMs

/**
 * serverNow() for a component, drawn again once the page has measured the server's clock: a
 * view first drawn before that (the export form's "Last 7 days") otherwise keeps the device's
 * day, and sends it.
 */
export function useServerNow(): number {
  useSnapshot(serverClock)
  return serverNow()
}

/** The skew to apply: none under the tolerance; a warning when the device is a day or more off. */
export function clockOffset(serverMs: number, localMs: number): number {
  const skew = serverMs - localMs
  if (Math.abs(skew) < CLOCK_SKEW_TOLERANCE_MS) return 0
  if (Math.abs(skew) > CLOCK_SKEW_WARNING_MS) {
    console.warn(`[time] device clock is ${Math.round(skew / 1000)} s off the server`)
  }
  return skew
}

/** Server time from the Date header of a GET of the page; the local clock when that fails. */
export async function fetchServerTime(pageUrl: string = location.href): Promise<number> {
  try {
    const res = await ofetch.raw(pageUrl, {
      method: 'GET',
      timeout: TIME_REQUEST_TIMEOUT_MS,
      // Given up once after its 2 s: the page counts on its own clock then (spec §9), it does
      // not ask again (ofetch would retry a GET once by default).
      retry: 0,
      ignoreResponseError: true,
      responseType: 'text',
    })
    const date = Date.parse(res.headers.get('date') ?? '')
    return Number.isNaN(date) ? Date.now() : date
  } catch {
    return Date.now()
  }
}

/** Measures the page's server time once and keeps the offset for serverNow(). */
export async function syncServerClock(pageUrl?: string): Promise<number> {
  const server = await fetchServerTime(pageUrl)
  serverClock.offsetMs = clockOffset(server, Date.now())
  return serverClock.offsetMs
}
