import type { RealtimeQuote as RealtimeQuoteWire } from '../../../contract/market.schema'
import { SPOT_QUOTE_TOPIC } from '../../../contract/paths'
import { Backoff } from '../backoff/backoff'

export { SPOT_QUOTE_SOCKET_PATH } from '../../../contract/paths'
/** Heartbeat: {ping: timestamp} every 10 s (spec §9). */
export const SPOT_HEARTBEAT_MS = 10_000
/** A realtime quote covers the 24 h ending at its push: start = current − 86399000 ms (spec §3). */
export const QUOTE_WINDOW_MS = 86_399_000
export const REALTIMES_TOPIC = SPOT_QUOTE_TOPIC

/** Spot quote socket states (spec §4). */
export const SPOT_SOCKET_STATES = ['init', 'open', 'closed', 'error'] as const
export type SpotSocketState = (typeof SPOT_SOCKET_STATES)[number]

/** The realtime spot quote of spec §3. */
export type RealtimeQuote = {
  symbol: string
  open: string
  high: string
  low: string
  close: string
  volume: string
  quoteVolume: string
  range: string
  currentTime: number
  startTime: number
}

export const parseRealtimeItem = (item: RealtimeQuoteWire): RealtimeQuote => ({
  symbol: item.s,
  open: item.o,
  high: item.h,
  low: item.l,
  close: item.c,
  volume: item.v,
  quoteVolume: item.qv,
  range: item.m,
  currentTime: item.t,
  startTime: item.t - QUOTE_WINDOW_MS,
})

export const subscribeFrame = (symbols: readonly string[]) => ({
  topic: REALTIMES_TOPIC,
  event: 'sub',
  symbol: symbols.join(','),
  params: { binary: false },
})

type Listener<T> = (value: T) => void

/** The spot quote socket: sends only when open (queued until then), re-subscribes on reconnect. */
export class SpotQuoteSocket {
  state: SpotSocketState = 'init'
  #ws: WebSocket | null = null
  #queue: string[] = []
  #symbols = new Set<string>()
  #heartbeat?: ReturnType<typeof setInterval>
  #retry?: ReturnType<typeof setTimeout>
  #closedByUser = false
  #backoff: Backoff
  #quoteListeners = new Set<Listener<RealtimeQuote[]>>()
  #stateListeners = new Set<Listener<SpotSocketState>>()

  constructor(
    readonly url: string,
    private readonly WebSocketImpl: typeof WebSocket = WebSocket,
    backoff: Backoff = new Backoff(),
  ) {
    this.#backoff = backoff
  }

  connect(): void {
    this.#closedByUser = false
    const ws = new this.WebSocketImpl(this.url)
    this.#ws = ws
    ws.onopen = () => {
      this.#backoff.reset()
      this.#setState('open')
      if (this.#symbols.size) ws.send(JSON.stringify(subscribeFrame([...this.#symbols])))
      for (const frame of this.#queue.splice(0)) ws.send(frame)
      this.#heartbeat = setInterval(() => this.send({ ping: Date.now() }), SPOT_HEARTBEAT_MS)
    }
    ws.onmessage = (e: MessageEvent) => this.#receive(e.data)
    ws.onerror = () => this.#setState('error')
    ws.onclose = () => {
      clearInterval(this.#heartbeat)
      if (this.#ws !== ws) return
      this.#ws = null
      this.#setState('closed')
      if (!this.#closedByUser)
        this.#retry = setTimeout(() => this.connect(), this.#backoff.duration())
    }
  }

  /** Sends now when open, otherwise when the socket opens. */
  send(message: object): void {
    const frame = JSON.stringify(message)
    if (this.state === 'open' && this.#ws) this.#ws.send(frame)
    else this.#queue.push(frame)
  }

  subscribe(symbols: readonly string[]): void {
    const fresh = symbols.map((s) => s.toUpperCase()).filter((s) => !this.#symbols.has(s))
    if (!fresh.length) return
    for (const s of fresh) this.#symbols.add(s)
    // Before open, the open handler subscribes every symbol at once.
    if (this.state === 'open') this.send(subscribeFrame(fresh))
  }

  onQuotes(listener: Listener<RealtimeQuote[]>): () => void {
    this.#quoteListeners.add(listener)
    return () => this.#quoteListeners.delete(listener)
  }

  onState(listener: Listener<SpotSocketState>): () => void {
    this.#stateListeners.add(listener)
    return () => this.#stateListeners.delete(listener)
  }

  close(): void {
    this.#closedByUser = true
    clearTimeout(this.#retry)
    clearInterval(this.#heartbeat)
    this.#ws?.close()
  }

  #setState(state: SpotSocketState): void {
    this.state = state
    for (const l of this.#stateListeners) l(state)
  }

  #receive(data: unknown): void {
    let msg: { topic?: string; data?: RealtimeQuoteWire[]; pong?: number }
    try {
      msg = JSON.parse(String(data))
    } catch {
      return
    }
    // Pongs only prove the line is alive; nothing to do.
    if (msg.topic !== REALTIMES_TOPIC || !Array.isArray(msg.data)) return
    const quotes = msg.data.map(parseRealtimeItem)
    for (const l of this.#quoteListeners) l(quotes)
  }
}
