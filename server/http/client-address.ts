import type { MiddlewareHandler } from 'hono'

/**
 * TRUST_PROXY_HOPS=0 behind a proxy makes every per-address limit one global counter (all
 * requests come from the proxy). The server cannot know it is behind one, but a request with
 * X-Forwarded-For says so: the first such request prints one warning per process.
 */
export function forwardedForWarning(
  trustedHops: number,
  warn: (message: string) => void = console.warn,
): MiddlewareHandler {
  let warned = trustedHops > 0
  return async (c, next) => {
    if (!warned && c.req.header('x-forwarded-for') !== undefined) {
      warned = true
      warn(
        '[server] WARNING: a request arrived with X-Forwarded-For but TRUST_PROXY_HOPS=0: behind a ' +
          'proxy every per-address limit (login, register, analytics, sockets) counts the ' +
          "proxy's address, one counter for all users. Set TRUST_PROXY_HOPS to the number of " +
          'proxies that append to X-Forwarded-For (docs/security.md).',
      )
    }
    await next()
  }
}
