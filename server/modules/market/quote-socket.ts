import type { Hono } from 'hono'
import type { UpgradeWebSocket, WSContext } from 'hono/ws'
import { z } from 'zod'
import { SPOT_QUOTE_SOCKET_PATH, SPOT_QUOTE_TOPIC } from '../../../contract/paths'
import { TICKER_BATCH_LIMIT, type RealtimeQuote } from '../../../contract/market.schema'
import { SocketCloseCode } from '../../../contract/socket-close-codes'
import type { Clock } from '../../clock'
import type { AppConfig } from '../../config'
import { limitAddress } from '../../http/client-address'
import { RetCode } from '../../http/errors'
import {
  CLOSE_POLICY_VIOLATION,
  frameBucket,
  type SocketAddressLimiter,
} from '../../http/socket-limits'
import type { PairQuote, PriceSimulator } from './price-simulator'

/** The spot quote socket's path (contract/paths.ts). */
export const QUOTE_SOCKET_PATH = SPOT_QUOTE_SOCKET_PATH
/** Frames above this are refused with an error frame (subscribe frames are small). */
export const QUOTE_FRAME_MAX_BYTES = 4096
const TICK_MS = 1000

const frame = z.union([
  z.object({ ping: z.number() }).strict(),
  z
    .object({
      topic: z.literal(SPOT_QUOTE_TOPIC),
      event: z.enum(['sub', 'cancel']),
      symbol: z.string().min(1).max(2048),
      params: z.object({ binary: z.boolean().optional() }).passthrough().optional(),
    })
    .strict(),
])

type Client = {
  ws: WSContext
  symbols: Set<string>
  idle?: ReturnType<typeof setTimeout>
  bucket: ReturnType<typeof frameBucket>
  release: () => void
}

export const toRealtime = (q: PairQuote): RealtimeQuote => ({
  t: q.currentTime,
  s: q.symbol,
  c: q.close,
  h: q.high,
  l: q.low,
  o: q.open,
  v: q.volume,
  qv: q.quoteVolume,
  m: q.range,
})

/**
 * The spot quote socket (spec §7): {ping} → {pong}; realtimes sub → a push every tick. Prices
 * are a pure function of time, so every server pushes the same values without any fan-out.
 */
export class QuoteHub {
  #clients = new Set<Client>()
  #timer?: ReturnType<typeof setInterval>

  constructor(
    private readonly market: PriceSimulator,
    private readonly clock: Clock,
    private readonly idleMs: number,
    private readonly framesPerSecond = 20,
  ) {}

  get size(): number {
    return this.#clients.size
  }

  open(ws: WSContext, release: () => void = () => {}): Client {
    const client: Client = {
      ws,
      symbols: new Set(),
      bucket: frameBucket(this.framesPerSecond),
      release,
    }
    this.#clients.add(client)
    this.#touch(client)
    // One timer for all connections, running only while someone is connected.
    this.#timer ??= setInterval(() => this.#tick().catch(logSocketError), TICK_MS)
    return client
  }

  close(client: Client): void {
    clearTimeout(client.idle)
    client.release()
    this.#clients.delete(client)
    if (this.#clients.size === 0 && this.#timer) {
      clearInterval(this.#timer)
      this.#timer = undefined
    }
  }

  async message(client: Client, data: unknown): Promise<void> {
    if (!client.bucket.take()) {
      client.ws.close(CLOSE_POLICY_VIOLATION, 'too many frames')
      return this.close(client)
    }
    const text = typeof data === 'string' ? data : null
    if (text === null) return this.#error(client, 'binary frames are not supported')
    if (Buffer.byteLength(text) > QUOTE_FRAME_MAX_BYTES) {
      return this.#error(client, `frame over ${QUOTE_FRAME_MAX_BYTES} bytes`)
    }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      return this.#error(client, 'frame is not JSON')
    }
    const parsed = frame.safeParse(json)
    if (!parsed.success) {
      return this.#error(client, 'expected {ping: ts} or {topic: "realtimes", event, symbol}')
    }
    this.#touch(client)
    const msg = parsed.data
    if ('ping' in msg) return send(client, { pong: msg.ping })
    if (msg.params?.binary) return this.#error(client, 'binary: true is not supported')
    const symbols = [...new Set(msg.symbol.split(',').map((s) => s.trim().toUpperCase()))]
    if (symbols.length > TICKER_BATCH_LIMIT) {
      return this.#error(client, `at most ${TICKER_BATCH_LIMIT} symbols per subscription`)
    }
    if (msg.event === 'cancel') {
      for (const s of symbols) client.symbols.delete(s)
      return
    }
    const known = await Promise.all(symbols.map((s) => this.market.hasSymbol(s)))
    const unknown = symbols.filter((_, i) => !known[i])
    if (unknown.length) return this.#error(client, `unknown symbol ${unknown.join(',')}`)
    // Re-subscribing held symbols is a no-op (no second push).
    const fresh = symbols.filter((s) => !client.symbols.has(s))
    if (!fresh.length) return
    if (client.symbols.size + fresh.length > TICKER_BATCH_LIMIT * 2) {
      return this.#error(client, 'too many subscriptions on this connection')
    }
    for (const s of fresh) client.symbols.add(s)
    // The first push answers the subscription at once instead of up to a tick later.
    const quotes = await this.market.quotes(this.clock.now())
    push(client, quotes, fresh)
  }

  async #tick(): Promise<void> {
    const quotes = await this.market.quotes(this.clock.now())
    // Clients watching the same symbols get the same frame: serialise it once per tick.
    const frames = new Map<string, string | null>()
    for (const client of this.#clients) {
      if (!client.symbols.size) continue
      const symbols = [...client.symbols]
      const key = symbols.join(',')
      let frame = frames.get(key)
      if (frame === undefined) frames.set(key, (frame = realtimesFrame(quotes, symbols)))
      if (frame !== null && client.ws.readyState === 1) client.ws.send(frame)
    }
  }

  /**
   * Sends every client with a subscription the quotes `build` makes from its symbols (the
   * TEST_MODE quote burst of the bench); returns how many clients it sent to.
   */
  broadcast(build: (symbols: ReadonlySet<string>) => RealtimeQuote[]): number {
    let sent = 0
    for (const client of this.#clients) {
      if (!client.symbols.size) continue
      send(client, { topic: SPOT_QUOTE_TOPIC, data: build(client.symbols) })
      sent++
    }
    return sent
  }

  #touch(client: Client): void {
    clearTimeout(client.idle)
    client.idle = setTimeout(() => {
      client.ws.close(SocketCloseCode.Idle, `idle: no ping for ${Math.round(this.idleMs / 1000)} s`)
      this.close(client)
    }, this.idleMs)
  }

  #error(client: Client, msg: string): void {
    send(client, { event: 'error', code: RetCode.InvalidRequest, msg })
  }
}

/** A failed tick or frame must not become an unhandled rejection that stops the server. */
function logSocketError(err: unknown): void {
  console.error('[quote-socket]', err)
}

/** The realtimes push of these symbols, or null when none of them has a quote. */
function realtimesFrame(quotes: Map<string, PairQuote>, symbols: string[]): string | null {
  const data = symbols.flatMap((s) => {
    const q = quotes.get(s)
    return q ? [toRealtime(q)] : []
  })
  return data.length ? JSON.stringify({ topic: SPOT_QUOTE_TOPIC, data }) : null
}

function push(client: Client, quotes: Map<string, PairQuote>, symbols: string[]): void {
  const frame = realtimesFrame(quotes, symbols)
  if (frame !== null && client.ws.readyState === 1) client.ws.send(frame)
}

function send(client: Client, message: unknown): void {
  // readyState 1 = OPEN; a closing socket is skipped rather than thrown at.
  if (client.ws.readyState === 1) client.ws.send(JSON.stringify(message))
}

/**
 * Mounts the socket on the root app (not under /x-api, as the spec's quote host path). Quotes
 * are public: any origin may read them, but an address gets at most
 * SOCKET_CONNECTIONS_PER_IP sockets (429 at the upgrade).
 */
export function mountQuoteSocket(
  app: Hono,
  upgradeWebSocket: UpgradeWebSocket,
  hub: QuoteHub,
  { config, limiter }: { config: AppConfig; limiter: SocketAddressLimiter },
): void {
  app.get(QUOTE_SOCKET_PATH, async (c, next) => {
    const ip = limitAddress(c, config.TRUST_PROXY_HOPS)
    limiter.check(ip)
    return upgradeWebSocket(() => {
      let client: Client | undefined
      return {
        onOpen: (_evt, ws) => {
          const release = limiter.acquire(ip)
          if (!release) return ws.close(CLOSE_POLICY_VIOLATION, 'too many sockets')
          client = hub.open(ws, release)
        },
        onMessage: (evt, _ws) => {
          if (client) hub.message(client, evt.data).catch(logSocketError)
        },
        onClose: () => {
          if (client) hub.close(client)
        },
        onError: () => {
          if (client) hub.close(client)
        },
      }
    })(c, next)
  })
}
