import WebSocket from 'ws'
import { EarnPublicTopic } from '../../contract/earn-socket.schema'

export type EarnSocketLoadResult = {
  clients: number
  topic: string
  messagesPerSecond: number
  p50LagMs: number
  p99LagMs: number
  maxLagMs: number
  ticks: number
}

const TOPIC = EarnPublicTopic.AllInstrumentInfo
/** How the server writes a push: topic first, then its send time. */
const PUSH_HEAD = new RegExp(`^\\{"topic":"${TOPIC.replace('.', '\\.')}","ts":(\\d+),`)
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : NaN

function connect(url: string, onPush: (ts: number, at: number) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false })
    ws.once('error', reject)
    ws.on('message', (data: Buffer) => {
      // The server stamps ts with Date.now(): the same wall clock, read the same way.
      const at = Date.now()
      // The frame's head only: a full parse of 1,000 pushes a second would be the bench's own lag.
      const head = PUSH_HEAD.exec(data.toString('latin1', 0, 80))
      if (!head) return
      onPush(Number(head[1]), at)
      resolve(ws)
    })
    ws.once('open', () => ws.send(JSON.stringify({ op: 'subscribe', args: [TOPIC] })))
  })
}

/**
 * `clients` sockets on the earn socket's public channel, subscribed to instrument_info.all,
 * for `durationS`. Each push carries `ts`, the server's clock when it sent the tick, on this
 * same machine: a push's lag is its arrival minus that (the database read, the fan-out to
 * every client and the bench process's own parsing).
 */
export async function loadEarnSocket(
  baseUrl: string,
  options: { clients: number; durationS: number },
): Promise<EarnSocketLoadResult> {
  const url = baseUrl.replace(/^http/, 'ws') + '/x-api/earn/ws/public'
  let measuring = false
  const lags: number[] = []
  const ticks = new Set<number>()
  const onPush = (ts: number, at: number) => {
    if (!measuring) return
    lags.push(at - ts)
    ticks.add(ts)
  }
  const sockets: WebSocket[] = []
  try {
    for (let i = 0; i < options.clients; i += 100) {
      const batch = Math.min(100, options.clients - i)
      sockets.push(
        ...(await Promise.all(Array.from({ length: batch }, () => connect(url, onPush)))),
      )
    }
    measuring = true
    const started = performance.now()
    await new Promise((r) => setTimeout(r, options.durationS * 1000))
    measuring = false
    const elapsedS = (performance.now() - started) / 1000
    lags.sort((a, b) => a - b)
    return {
      clients: sockets.length,
      topic: TOPIC,
      messagesPerSecond: lags.length / elapsedS,
      p50LagMs: percentile(lags, 50),
      p99LagMs: percentile(lags, 99),
      maxLagMs: lags.at(-1) ?? NaN,
      ticks: ticks.size,
    }
  } finally {
    for (const ws of sockets) ws.terminate()
  }
}
