import type { MiddlewareHandler } from 'hono'

/** The Server-Timing metric every answer carries: the server's own time for it. */
export const SERVER_TIMING_METRIC = 'app'

/**
 * `Server-Timing: app;dur=<ms>` on every answer (not a socket's upgrade): how long this server
 * took from reading the request to answering, to 0.1 ms. Browsers show it beside the request's
 * own timing (DevTools, Resource Timing's serverTiming), so a slow answer reads as the server's
 * or the network's; the launch-rush bench reads it to tell a read held by the server from one
 * held on the way (docs/performance.md, Run AA). A duration only: nothing about what was done.
 */
export function serverTiming(): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    await next()
    if (c.res.status === 101) return
    const ms = Math.round((performance.now() - started) * 10) / 10
    c.res.headers.set('Server-Timing', `${SERVER_TIMING_METRIC};dur=${ms}`)
  }
}
