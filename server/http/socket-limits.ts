import type { Context } from 'hono'
import type { AppConfig } from '../config'
import { ApiError, RetCode } from './errors'

/** Both sockets: frames above this close the connection with 1009 (ws enforces it). */
export const SOCKET_MAX_PAYLOAD_BYTES = 8 * 1024
export const CLOSE_POLICY_VIOLATION = 1008

/**
 * A token bucket per connection (SOCKET_FRAMES_PER_SECOND, default 20, bursts of twice that):
 * a client app sends a handful of frames a minute (subscribe, ping), so that is generous,
 * while a flood is cut before it costs the server anything.
 */
export function frameBucket(perSecond: number, now: () => number = Date.now) {
  const burst = perSecond * 2
  let tokens = burst
  let at = now()
  return {
    /** False when the frame is over the rate. */
    take(): boolean {
      const t = now()
      tokens = Math.min(burst, tokens + ((t - at) / 1000) * perSecond)
      at = t
      if (tokens < 1) return false
      tokens -= 1
      return true
    },
  }
}

/** Open socket connections per client address, shared by both socket servers. */
export class SocketAddressLimiter {
  #open = new Map<string, number>()

  constructor(private readonly max: number) {}

  /** At the upgrade request: 429 when the address already has `max` sockets open. */
  check(ip: string): void {
    if ((this.#open.get(ip) ?? 0) >= this.max)
      throw new ApiError(RetCode.TooManyRequests, 'too many open sockets from this address', 429)
  }

  /**
   * At open: counts the connection, or null when the address is full (handshakes that passed
   * check() at once). The caller calls release() when the connection closes.
   */
  acquire(ip: string): (() => void) | null {
    const n = this.#open.get(ip) ?? 0
    if (n >= this.max) return null
    this.#open.set(ip, n + 1)
    let released = false
    return () => {
      if (released) return
      released = true
      const left = (this.#open.get(ip) ?? 1) - 1
      if (left > 0) this.#open.set(ip, left)
      else this.#open.delete(ip)
    }
  }
}

/**
 * Whether `socketHost` is the earn socket host of the page host `pageHost` (spec §7: ws2.<domain>
 * for www./m.<domain>, ws2.testnet.<domain>, ws2-<name>.<domain>; src/lib/env/hosts.ts): a
 * ws2 label on the page's site (the page host without its first label, of two labels or more).
 */
export function isSocketHostOf(socketHost: string, pageHost: string): boolean {
  const page = pageHost.toLowerCase().split('.')
  const socket = socketHost.toLowerCase()
  if (page.length < 3 || page.some((l) => !l)) return false
  const first = socket.split('.')[0] ?? ''
  if (first !== 'ws2' && !first.startsWith('ws2-')) return false
  return socket.endsWith(`.${page.slice(1).join('.')}`)
}

/**
 * A browser always sends Origin on a WebSocket upgrade: a page of another site opening our
 * socket with the visitor's cookie is refused (cross-site WebSocket hijacking). Ours is
 * PUBLIC_ORIGIN, or without it the host the request was made to (same-origin) or the ws2 host
 * of the page's site (the earn socket's production layout). Clients that are not browsers send
 * no Origin and have no cookie to abuse; they present a token anyway.
 */
export function assertOwnOrigin(c: Context, config: Pick<AppConfig, 'PUBLIC_ORIGIN'>): void {
  const origin = c.req.header('origin')
  if (!origin) return
  let ok: boolean
  try {
    const page = new URL(origin)
    const host = c.req.header('host') ?? ''
    ok = config.PUBLIC_ORIGIN
      ? page.origin === config.PUBLIC_ORIGIN
      : page.host === host || isSocketHostOf(host.replace(/:\d+$/, ''), page.hostname)
  } catch {
    ok = false
  }
  if (!ok) throw new ApiError(RetCode.CrossSiteRefused, 'this socket is not for that origin', 403)
}
