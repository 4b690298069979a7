import type { EarnSocketChannel } from '../../../contract/earn-socket'
import { EARN_SOCKET_PATH_PREFIX } from '../../../contract/paths'
import { Backoff } from '../backoff/backoff'

/** Earn socket timings and limits (spec §9). */
export const EARN_SOCKET = {
  connectTimeoutMs: 10_000,
  pingIntervalMs: 15_000,
  pongWaitMs: 3_000,
  reconnectMinMs: 1_000,
  reconnectMaxMs: 5_000,
  reconnectJitter: 0.5,
  maxReconnectAttempts: Number.POSITIVE_INFINITY,
  failureReportThreshold: 3,
  failureReportInterval: 3,
  failureReportMax: 22,
} as const

/** Earn socket states (spec §4). */
export const EARN_SOCKET_STATES = ['closed', 'opening', 'open', 'closed_user'] as const
export type EarnSocketState = (typeof EARN_SOCKET_STATES)[number]

export { EarnSocketChannel } from '../../../contract/earn-socket'
/** Topics the earn pages subscribe to (spec §7): the contract's public topics. */
export { EarnPublicTopic as EarnTopic } from '../../../contract/earn-socket'

/** Earn socket path on the page origin, one per channel. */
export const earnSocketUrl = (wsOrigin: string, channel: EarnSocketChannel) =>
  `${wsOrigin}${EARN_SOCKET_PATH_PREFIX}/${channel}`

/** Failures are reported at 3, then every 3 more, up to 22 (spec §9). */
export const shouldReportFailure = (failures: number) =>
  failures >= EARN_SOCKET.failureReportThreshold &&
  failures <= EARN_SOCKET.failureReportMax &&
  (failures - EARN_SOCKET.failureReportThreshold) % EARN_SOCKET.failureReportInterval === 0

export type EarnSocketOptions = {
  WebSocketImpl?: typeof WebSocket
  /**
   * The subprotocols to offer at each connection attempt (realtime_w: the protocol and a fresh
   * single-use ticket, contract/earn-socket.ts); a rejection counts as a failed attempt.
   */
  protocols?: () => Promise<string[]>
  random?: () => number
  /** Called when consecutive connection failures reach a reporting point. */
  onFailureReport?: (failures: number) => void
}

type Listener = (data: unknown, topic: string) => void

/** The earn socket: ping/pong watchdog, jittered reconnect without limit, topics re-subscribed. */
export class EarnSocket {
  state: EarnSocketState = 'closed'
  failures = 0
  #ws: WebSocket | null = null
  #topics = new Map<string, Set<Listener>>()
  #timers: ReturnType<typeof setTimeout>[] = []
  #ping?: ReturnType<typeof setInterval>
  #pongWait?: ReturnType<typeof setTimeout>
  #backoff: Backoff
  #stateListeners = new Set<(s: EarnSocketState) => void>()

  constructor(
    readonly url: string,
    private readonly options: EarnSocketOptions = {},
  ) {
    this.#backoff = new Backoff(
      {
        minMs: EARN_SOCKET.reconnectMinMs,
        maxMs: EARN_SOCKET.reconnectMaxMs,
        jitter: EARN_SOCKET.reconnectJitter,
      },
      options.random,
    )
  }

  connect(): void {
    this.#clearTimers()
    this.#setState('opening')
    const protocols = this.options.protocols
    if (!protocols) return this.#open()
    protocols().then(
      (offered) => {
        if (this.state === 'opening' && !this.#ws) this.#open(offered)
      },
      () => {
        if (this.state !== 'opening' || this.#ws) return
        this.#countFailure()
        this.#setState('closed')
        this.#timers.push(setTimeout(() => this.connect(), this.#backoff.duration()))
      },
    )
  }

  #open(protocols?: string[]): void {
    const ws = new (this.options.WebSocketImpl ?? WebSocket)(this.url, protocols)
    this.#ws = ws
    const connectTimeout = setTimeout(() => ws.close(), EARN_SOCKET.connectTimeoutMs)
    this.#timers.push(connectTimeout)
    ws.onopen = () => {
      clearTimeout(connectTimeout)
      this.failures = 0
      this.#backoff.reset()
      this.#setState('open')
      if (this.#topics.size) this.#send({ op: 'subscribe', args: [...this.#topics.keys()] })
      this.#ping = setInterval(() => this.#sendPing(), EARN_SOCKET.pingIntervalMs)
    }
    ws.onmessage = (e: MessageEvent) => this.#receive(e.data)
    ws.onclose = () => {
      if (this.#ws !== ws) return
      this.#ws = null
      this.#clearTimers()
      if (this.state === 'closed_user') return
      if (this.state === 'opening') this.#countFailure()
      this.#setState('closed')
      this.#timers.push(setTimeout(() => this.connect(), this.#backoff.duration()))
    }
  }

  /** Listens to a topic; the first listener subscribes it (again after every reconnect). */
  subscribe(topic: string, listener: Listener): () => void {
    let listeners = this.#topics.get(topic)
    if (!listeners) {
      this.#topics.set(topic, (listeners = new Set()))
      if (this.state === 'open') this.#send({ op: 'subscribe', args: [topic] })
    }
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
      if (listeners.size === 0) {
        this.#topics.delete(topic)
        if (this.state === 'open') this.#send({ op: 'unsubscribe', args: [topic] })
      }
    }
  }

  onState(listener: (s: EarnSocketState) => void): () => void {
    this.#stateListeners.add(listener)
    return () => this.#stateListeners.delete(listener)
  }

  /** Closed by the user: no reconnect. */
  close(): void {
    this.#setState('closed_user')
    this.#clearTimers()
    const ws = this.#ws
    this.#ws = null
    ws?.close()
  }

  #send(msg: object): void {
    this.#ws?.send(JSON.stringify(msg))
  }

  #sendPing(): void {
    this.#send({ op: 'ping' })
    clearTimeout(this.#pongWait)
    // No pong within 3 s: the line is dead, close so the reconnect starts.
    this.#pongWait = setTimeout(() => this.#ws?.close(), EARN_SOCKET.pongWaitMs)
  }

  #receive(data: unknown): void {
    let msg: { op?: string; topic?: string; data?: unknown }
    try {
      msg = JSON.parse(String(data))
    } catch {
      return
    }
    if (msg.op === 'pong') return clearTimeout(this.#pongWait)
    if (!msg.topic) return
    for (const l of this.#topics.get(msg.topic) ?? []) l(msg.data, msg.topic)
  }

  #countFailure(): void {
    this.failures++
    if (shouldReportFailure(this.failures)) this.options.onFailureReport?.(this.failures)
  }

  #clearTimers(): void {
    for (const t of this.#timers.splice(0)) clearTimeout(t)
    clearInterval(this.#ping)
    clearTimeout(this.#pongWait)
  }

  #setState(state: EarnSocketState): void {
    this.state = state
    for (const l of this.#stateListeners) l(state)
  }
}
