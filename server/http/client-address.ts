import { isIPv6 } from 'node:net'
import type { Context, MiddlewareHandler } from 'hono'
import { clientIp } from './auth'
import { requestHeader } from './node-request'

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
    if (!warned && requestHeader(c, 'x-forwarded-for') !== undefined) {
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

/**
 * The address a per-address limit counts. IPv6 by its /64: one customer line (a home router, a
 * phone's tether) is given a whole /64, so counting single addresses would give one client
 * 2^64 allowances. IPv4, and IPv4 mapped into IPv6 (::ffff:a.b.c.d, what a dual-stack socket
 * reports), as it is; anything else ('unknown') as it is.
 */
export function limitAddressOf(ip: string): string {
  const address = ip.split('%')[0]! // a zone index (fe80::1%eth0) names an interface, not a host
  if (!isIPv6(address)) return ip
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  if (mapped) return mapped[1]!
  const [head = '', tail] = address.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  // An embedded IPv4 (…:1.2.3.4) fills two groups.
  const groups = (parts: string[]) => parts.reduce((n, p) => n + (p.includes('.') ? 2 : 1), 0)
  const all =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - groups(left) - groups(right)).fill('0'), ...right]
  const prefix = all.slice(0, 4).map((g) => (g.includes('.') ? '0' : parseInt(g, 16).toString(16)))
  return `${prefix.join(':')}::/64`
}

/** The caller's address as the per-address limits count it (clientIp, IPv6 by its /64). */
export const limitAddress = (c: Context, trustedHops: number) =>
  limitAddressOf(clientIp(c, trustedHops))
