import { Hono } from 'hono'
import type { UpgradeWebSocket, WSContext } from 'hono/ws'
import { EarnPrivateTopic, type EarnSocketOpAnswer } from '../../../contract/earn-socket'
import { earnSocketClientFrame } from '../../../contract/earn-socket.schema'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { optionalUser } from '../../http/auth'
import { errorResponse } from '../../http/envelope'
import { ApiError, RetCode } from '../../http/errors'
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
  topics: Set<string>
}
type HubDeps = { db: Database; dbKind: 'pglite' | 'postgres'; clock: Clock; market: PriceSimulator }

/**
 * The earn socket: public topics pushed every second to their subscribers; private topics
 * (realtime_w, logged in) pushed when the user's orders and positions change, fanned out
 * across servers by LISTEN/NOTIFY (see events.ts).
 */
export class EarnSocketHub {
  #clients = new Set<Client>()
  #timer?: ReturnType<typeof setInterval>
  #stopListening?: Promise<() => Promise<void>>

  constructor(private readonly deps: HubDeps) {}

  get size(): number {
    return this.#clients.size
  }

  open(ws: WSContext, channel: EarnSocketChannelName, userId: number | null): Client {
    const client: Client = { ws, channel, userId, topics: new Set() }
    this.#clients.add(client)
    this.#timer ??= setInterval(() => void this.#tick(), TICK_MS)
    if (userId !== null)
      this.#stopListening ??= listenEarnEvents(this.deps.db, this.deps.dbKind, (e) =>
        this.#private(e),
      )
    return client
  }

  close(client: Client): void {
    this.#clients.delete(client)
    // The LISTEN connection lives only while a private subscriber is connected.
    if (![...this.#clients].some((c) => c.userId !== null)) void this.#unlisten()
    if (this.#clients.size === 0 && this.#timer) {
      clearInterval(this.#timer)
      this.#timer = undefined
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
    for (const a of f.args) {
      if (f.op === 'subscribe') client.topics.add(a)
      else client.topics.delete(a)
    }
    send(client, answer(f.op, true, f.args, '', f.req_id))
    // A new subscriber gets the current state at once rather than after the next tick.
    if (f.op === 'subscribe')
      await this.#push([client], new Set(f.args.filter((a) => PUBLIC_TOPICS.includes(a))))
  }

  async #tick(): Promise<void> {
    const clients = [...this.#clients].filter((c) => c.topics.size)
    const topics = new Set(
      clients.flatMap((c) => [...c.topics].filter((t) => PUBLIC_TOPICS.includes(t))),
    )
    await this.#push(clients, topics)
  }

  async #push(clients: Client[], topics: Set<string>): Promise<void> {
    if (!topics.size) return
    let data: Map<string, unknown>
    try {
      data = await publicTopicData(this.deps.db, this.deps.market, topics, this.deps.clock.now())
    } catch {
      return // The database is closing (shutdown); the next tick tries again.
    }
    const ts = this.deps.clock.now().getTime()
    // Serialised once per topic, not once per subscriber: a tick to 1,000 clients is one stringify.
    const frames = [...data].map(([topic, d]) => [topic, JSON.stringify({ topic, ts, data: d })])
    for (const c of clients)
      for (const [topic, frame] of frames) if (c.topics.has(topic!)) sendFrame(c, frame!)
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

/** /x-api/earn/ws/:channel; realtime_w refuses the upgrade (401, 10007) without a session. */
export function earnSocketRoutes(
  hub: EarnSocketHub | null,
  upgradeWebSocket: UpgradeWebSocket | undefined,
  clock: Clock,
): Hono {
  const app = new Hono()
  app.get('/:channel', async (c, next) => {
    const channel = c.req.param('channel') as EarnSocketChannelName
    if (!EARN_SOCKET_CHANNELS.includes(channel))
      throw new ApiError(RetCode.NotFound, 'channels: public, realtime_w', 404)
    if (!hub || !upgradeWebSocket || c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
      throw new ApiError(RetCode.InvalidRequest, 'this path only accepts WebSocket upgrades', 400)
    }
    const user = await optionalUser(c)
    if (channel === 'realtime_w' && !user)
      return errorResponse(c, new ApiError(RetCode.LoginExpired, undefined, 401), clock)
    const userId = channel === 'realtime_w' ? user!.id : null
    const upgrade = upgradeWebSocket(() => {
      let client: Client | undefined
      return {
        onOpen: (_e, ws) => {
          client = hub.open(ws, channel, userId)
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
