import { isModuleNotFoundError } from '@tanstack/router-core'
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the one wrapper of React.lazy
import { lazy } from 'react'

/** The wait before asking again: 1 s, doubling, at most 10 s. */
export const retryDelayMs = (attempt: number) => Math.min(1000 * 2 ** attempt, 10_000)

/**
 * A dynamic import that outlives the network going away: a chunk that cannot be fetched (the
 * server restarting, the phone between cells) is asked for again, 1 s later and then less often,
 * until it loads; browsers fetch a failed module again (the module map keeps no fetch failures).
 * Until then the part waits behind its Suspense fallback instead of failing: React.lazy keeps a
 * rejection for good, and an error there would take the page into its error screen, or (a route's
 * own chunk) make the router reload the page into the browser's "site can't be reached". A module
 * that loads but throws is a bug, not the network: that error goes on as it is.
 */
export function importUntilLoaded<T>(load: () => Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const attempt = (n: number) =>
      load().then(resolve, (err: unknown) => {
        // The router's own test, the one its reload-on-failure uses: the three browsers' wording.
        if (isModuleNotFoundError(err)) setTimeout(() => attempt(n + 1), retryDelayMs(n))
        else reject(err)
      })
    attempt(0)
  })
}

/** React.lazy over importUntilLoaded: a part of the page that appears once its chunk has loaded. */
export const lazyUntilLoaded: typeof lazy = (load) => lazy(() => importUntilLoaded(load))
