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
 * A browser always sends Origin on a WebSocket upgrade: a page of another site opening our
 * socket with the visitor's cookie is refused (cross-site WebSocket hijacking). Ours is
 * PUBLIC_ORIGIN, or without it the host the request was made to (same-origin). Clients that
 * are not browsers send no Origin and have no cookie to abuse; they present a token anyway.
 */
export function assertOwnOrigin(c: Context, config: Pick<AppConfig, 'PUBLIC_ORIGIN'>): void {
  const origin = c.req.header('origin')
  if (!origin) return
  let ok: boolean
  try {
    ok = config.PUBLIC_ORIGIN
      ? new URL(origin).origin === config.PUBLIC_ORIGIN
      : new URL(origin).host === c.req.header('host')
  } catch {
    ok = false
  }
  if (!ok) throw new ApiError(RetCode.CrossSiteRefused, 'this socket is not for that origin', 403)
}
