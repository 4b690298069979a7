import { Hono } from 'hono'
import type { UpgradeWebSocket, WSContext } from 'hono/ws'
import { and, eq, gt, inArray } from 'drizzle-orm'
import { EarnPrivateTopic, type EarnSocketOpAnswer } from '../../../contract/earn-socket'
import { SocketCloseCode } from '../../../contract/socket-close-codes'
import { earnSocketClientFrame } from '../../../contract/earn-socket.schema'
import { UserStatus } from '../../../contract/identity.schema'
import type { Clock } from '../../clock'
import type { AppConfig } from '../../config'
import type { Database } from '../../db/client'
import { sessions, users } from '../../db/schema'
import { optionalUser } from '../../http/auth'
import { limitAddress } from '../../http/client-address'
import { redeemSocketTicket, ticketOfProtocols } from '../../http/socket-tickets'
import { errorResponse } from '../../http/envelope'
import { ApiError, RetCode } from '../../http/errors'
import {
  assertOwnOrigin,
  CLOSE_POLICY_VIOLATION,
  frameBucket,
  type SocketAddressLimiter,
} from '../../http/socket-limits'
import type { PriceSimulator } from '../market/price-simulator'
import { listenEarnEvents, type EarnEvent } from './events'
import { PUBLIC_TOPICS, publicTopicData } from './socket-topics'

export const EARN_SOCKET_CHANNELS = ['public', 'realtime_w'] as const
export type EarnSocketChannelName = (typeof EARN_SOCKET_CHANNELS)[number]
const PRIVATE_TOPICS: readonly string[] = Object.values(EarnPrivateTopic)
const FRAME_MAX_BYTES = 4096
const TICK_MS = 1000
type Client = {
  ws: WSContext
  channel: EarnSocketChannelName
  userId: number | null
  /** The session a realtime_w connection was opened with; it closes when that session ends. */
  sessionId: string | null
  topics: Set<string>
  bucket: ReturnType<typeof frameBucket>
  idle?: ReturnType<typeof setTimeout>
  release: () => void
}
type HubDeps = {
  db: Database
  dbKind: 'pglite' | 'postgres'
  clock: Clock
  market: PriceSimulator
  config: Pick<
    AppConfig,
    'EARN_SOCKET_IDLE_MS' | 'EARN_SOCKET_SESSION_CHECK_MS' | 'SOCKET_FRAMES_PER_SECOND'
  >
}

/**
 * The earn socket: public topics pushed every second to their subscribers; private topics
 * (realtime_w, logged in) pushed when the user's orders and positions change, fanned out
 * across servers by LISTEN/NOTIFY (see events.ts).
 */
export class EarnSocketHub {
  #clients = new Set<Client>()
  #timer?: ReturnType<typeof setInterval>
  #sessionTimer?: ReturnType<typeof setInterval>
  #stopListening?: Promise<() => Promise<void>>
  /** Each public topic's latest push frame: what a new subscriber gets, with no query. */
  #latest = new Map<string, string>()
  /** The one catalogue read in flight; subscribers arriving meanwhile wait for it. */
  #refreshing?: Promise<void>

  constructor(private readonly deps: HubDeps) {}

  get size(): number {
    return this.#clients.size
  }

  open(
    ws: WSContext,
    channel: EarnSocketChannelName,
    user: { id: number; sessionId: string } | null,
    release: () => void,
  ): Client {
    const client: Client = {
      ws,
      channel,
      userId: user?.id ?? null,
      sessionId: user?.sessionId ?? null,
      topics: new Set(),
      bucket: frameBucket(this.deps.config.SOCKET_FRAMES_PER_SECOND),
      release,
    }
    this.#clients.add(client)
    this.#touch(client)
    this.#timer ??= setInterval(() => void this.#tick(), TICK_MS)
    if (user !== null) {
      this.#stopListening ??= listenEarnEvents(
        this.deps.db,
        this.deps.dbKind,
        (e) => this.#private(e),
        () => this.#resync(),
      )
      this.#sessionTimer ??= setInterval(
        () => void this.#closeEndedSessions(),
        this.deps.config.EARN_SOCKET_SESSION_CHECK_MS,
      )
    }
    return client
  }

  close(client: Client): void {
    clearTimeout(client.idle)
    client.release()
    this.#clients.delete(client)
    // The LISTEN connection lives only while a private subscriber is connected.
    if (![...this.#clients].some((c) => c.userId !== null)) {
      void this.#unlisten()
      clearInterval(this.#sessionTimer)
      this.#sessionTimer = undefined
    }
    if (this.#clients.size === 0 && this.#timer) {
      clearInterval(this.#timer)
      this.#timer = undefined
      this.#latest.clear()
    }
  }

  /** No frame (the client pings every 15 s) for EARN_SOCKET_IDLE_MS: the line is dead. */
  #touch(client: Client): void {
    clearTimeout(client.idle)
    const ms = this.deps.config.EARN_SOCKET_IDLE_MS
    client.idle = setTimeout(() => {
      client.ws.close(SocketCloseCode.Idle, `idle: no frame for ${Math.round(ms / 1000)} s`)
      this.close(client)
    }, ms)
  }

  /**
   * A realtime_w connection lives only as long as its session: logged out, expired or
   * replaced, pushes stop within EARN_SOCKET_SESSION_CHECK_MS (one query for all of them).
   */
  async #closeEndedSessions(): Promise<void> {
    const held = [...this.#clients].filter((c) => c.sessionId !== null)
    if (!held.length) return
    const ids = [...new Set(held.map((c) => c.sessionId!))]
    let live: Set<string>
    try {
      // A frozen account's sessions end here too (issue 24): its pushes stop like a logout's.
      const rows = await this.deps.db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            inArray(sessions.id, ids),
            gt(sessions.expiresAt, this.deps.clock.now()),
            eq(users.status, UserStatus.Active),
          ),
        )
      live = new Set(rows.map((r) => r.id))
    } catch {
      return // The database is closing (shutdown); nothing to push to anyway.
    }
    for (const c of held) {
      if (live.has(c.sessionId!)) continue
      c.ws.close(SocketCloseCode.SessionEnded, 'session ended')
      this.close(c)
    }
  }

  /** After a gap in LISTEN: every private subscriber reconnects and reads again. */
  #resync(): void {
    for (const c of [...this.#clients]) {
      if (c.userId === null) continue
      c.ws.close(SocketCloseCode.Resync, 'pushes may have been missed: reconnect and read again')
      this.close(c)
    }
  }

  async #unlisten(): Promise<void> {
    const pending = this.#stopListening
    this.#stopListening = undefined
    const stop = await pending?.catch(() => undefined)
    // At shutdown the database may already be closed; the listener is gone with it.
    await stop?.().catch(() => undefined)
  }

  async message(client: Client, data: unknown): Promise<void> {
    // A flood costs one comparison per frame, then the connection.
    if (!client.bucket.take()) {
      client.ws.close(CLOSE_POLICY_VIOLATION, 'too many frames')
      return this.close(client)
    }
    this.#touch(client)
    if (typeof data !== 'string' || Buffer.byteLength(data) > FRAME_MAX_BYTES) {
      return send(
        client,
        answer('error', false, [], `frames must be JSON text under ${FRAME_MAX_BYTES} bytes`),
      )
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(data)
    } catch {
      return send(client, answer('error', false, [], 'frame is not valid JSON'))
    }
    const frame = earnSocketClientFrame.safeParse(parsed)
    if (!frame.success)
      return send(client, answer('error', false, [], frame.error.issues[0]?.message ?? 'bad frame'))
    const f = frame.data
    if (f.op === 'ping')
      return send(client, { op: 'pong', ts: this.deps.clock.now().getTime(), req_id: f.req_id })
    const allowed =
      client.channel === 'realtime_w' ? [...PUBLIC_TOPICS, ...PRIVATE_TOPICS] : PUBLIC_TOPICS
    const unknown = f.args.filter((a) => !allowed.includes(a))
    if (unknown.length) {
      const why = unknown.some((a) => PRIVATE_TOPICS.includes(a))
        ? 'private topics need the realtime_w channel'
        : 'unknown topic'
      return send(client, answer(f.op, false, f.args, `${why}: ${unknown.join(', ')}`, f.req_id))
    }
    // Re-subscribing a held topic is a no-op: no second snapshot, no work.
    const fresh = f.args.filter((a) => (f.op === 'subscribe') !== client.topics.has(a))
    for (const a of fresh) {
      if (f.op === 'subscribe') client.topics.add(a)
      else client.topics.delete(a)
    }
    send(client, answer(f.op, true, f.args, '', f.req_id))
    // A new subscriber gets the current state at once rather than after the next tick, from
    // the tick's cache: subscribe frames never query the database themselves.
    const wanted = f.op === 'subscribe' ? fresh.filter((a) => PUBLIC_TOPICS.includes(a)) : []
    if (!wanted.length) return
    if (wanted.some((t) => !this.#latest.has(t))) await this.#refresh()
    for (const t of wanted) {
      const frame = this.#latest.get(t)
      if (frame && client.topics.has(t)) sendFrame(client, frame)
    }
  }

  async #tick(): Promise<void> {
    const clients = [...this.#clients].filter((c) => c.topics.size)
    if (!clients.some((c) => [...c.topics].some((t) => PUBLIC_TOPICS.includes(t)))) return
    await this.#refresh()
    for (const c of clients)
      for (const [topic, frame] of this.#latest) if (c.topics.has(topic)) sendFrame(c, frame)
  }

  /** Rebuilds every public topic's frame; concurrent callers share one read. */
  #refresh(): Promise<void> {
    return (this.#refreshing ??= this.#build().finally(() => (this.#refreshing = undefined)))
  }

  async #build(): Promise<void> {
    let data: Map<string, unknown>
    try {
      const topics = new Set(PUBLIC_TOPICS)
      data = await publicTopicData(this.deps.db, this.deps.market, topics, this.deps.clock.now())
    } catch {
      return // The database is closing (shutdown); the next tick tries again.
    }
    const ts = this.deps.clock.now().getTime()
    // Serialised once per topic, not once per subscriber: a tick to 1,000 clients is one stringify.
    for (const [topic, d] of data) this.#latest.set(topic, JSON.stringify({ topic, ts, data: d }))
  }

  #private(e: EarnEvent): void {
    const ts = this.deps.clock.now().getTime()
    for (const c of this.#clients) {
      if (c.userId === e.user_id && c.topics.has(e.topic))
        send(c, { topic: e.topic, ts, data: e.data })
    }
  }
}

const answer = (
  op: EarnSocketOpAnswer['op'],
  success: boolean,
  args: string[],
  ret_msg: string,
  req_id?: string,
): EarnSocketOpAnswer => ({ op, success, args, ret_msg, ...(req_id ? { req_id } : {}) })

function send(client: Client, message: unknown): void {
  sendFrame(client, JSON.stringify(message))
}

function sendFrame(client: Client, frame: string): void {
  if (client.ws.readyState === 1) client.ws.send(frame)
}

/**
 * /x-api/earn/ws/:channel; realtime_w refuses the upgrade without a session (401, 10007) and
 * from another site's page (403); an address with too many sockets open gets 429.
 */
export function earnSocketRoutes(
  hub: EarnSocketHub | null,
  upgradeWebSocket: UpgradeWebSocket | undefined,
  {
    db,
    clock,
    config,
    limiter,
  }: { db: Database; clock: Clock; config: AppConfig; limiter: SocketAddressLimiter },
): Hono {
  const app = new Hono()
  app.get('/:channel', async (c, next) => {
    const channel = c.req.param('channel') as EarnSocketChannelName
    if (!EARN_SOCKET_CHANNELS.includes(channel))
      throw new ApiError(RetCode.NotFound, 'channels: public, realtime_w', 404)
    if (!hub || !upgradeWebSocket || c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
      throw new ApiError(RetCode.InvalidRequest, 'this path only accepts WebSocket upgrades', 400)
    }
    const ip = limitAddress(c, config.TRUST_PROXY_HOPS)
    limiter.check(ip)
    let user: { id: number; sessionId: string; status: UserStatus } | null = null
    if (channel === 'realtime_w') {
      assertOwnOrigin(c, config)
      // A ticket (the page's, from its own origin) first: on the ws2 host no page cookie comes,
      // and inside Telegram the session is a header. Else the cookie or UserToken at the upgrade.
      const ticket = ticketOfProtocols(c.req.header('sec-websocket-protocol'))
      user = ticket
        ? await redeemSocketTicket({ db, config, clock }, ticket)
        : await optionalUser(c)
      if (!user) return errorResponse(c, new ApiError(RetCode.LoginExpired, undefined, 401), clock)
      if (user.status !== UserStatus.Active)
        return errorResponse(c, new ApiError(RetCode.NoPermission, undefined, 403), clock)
    }
    const session = user && { id: user.id, sessionId: user.sessionId }
    const upgrade = upgradeWebSocket(() => {
      let client: Client | undefined
      return {
        onOpen: (_e, ws) => {
          const release = limiter.acquire(ip)
          if (!release) return ws.close(CLOSE_POLICY_VIOLATION, 'too many sockets')
          client = hub.open(ws, channel, session, release)
        },
        onMessage: (e) => {
          if (client) void hub.message(client, e.data)
        },
        onClose: () => {
          if (client) hub.close(client)
        },
        onError: () => {
          if (client) hub.close(client)
        },
      }
    })
    return upgrade(c, next)
  })
  return app
}
