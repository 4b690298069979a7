import WebSocket from 'ws'

export type SocketLoadResult = {
  clients: number
  messagesPerSecond: number
  p50LagMs: number
  p99LagMs: number
  maxLagMs: number
  ticks: number
}

const SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT', 'DOGEUSDT']
/** How the server writes a push: the topic, then the first quote's time. */
const PUSH_HEAD = /^\{"topic":"realtimes","data":\[\{"t":(\d+),/
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : NaN

function connect(url: string, onPush: (t: number, at: number) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false })
    ws.once('error', reject)
    ws.on('message', (data: Buffer) => {
      const at = performance.timeOrigin + performance.now()
      // The frame's head only: a full parse of 1,000 pushes a second would be the bench's own lag.
      const head = PUSH_HEAD.exec(data.toString('latin1', 0, 80))
      if (!head) return
      onPush(Number(head[1]), at)
      resolve(ws)
    })
    ws.once('open', () =>
      ws.send(
        JSON.stringify({
          topic: 'realtimes',
          event: 'sub',
          symbol: SYMBOLS.join(','),
          params: { binary: false },
        }),
      ),
    )
  })
}

/**
 * `clients` sockets subscribed to realtimes on one server for `durationS`. The server stamps
 * a push with its whole second, not its send time, so a push's lag is measured from the
 * first client that received the same tick: the delay the fan-out adds.
 */
export async function loadQuoteSocket(
  baseUrl: string,
  options: { clients: number; durationS: number },
): Promise<SocketLoadResult> {
  const url = baseUrl.replace(/^http/, 'ws') + '/spot/ws/quote/v1'
  let measuring = false
  const arrivals = new Map<number, number[]>()
  let messages = 0
  const onPush = (t: number, at: number) => {
    if (!measuring) return
    messages++
    const list = arrivals.get(t) ?? []
    list.push(at)
    arrivals.set(t, list)
  }
  const sockets: WebSocket[] = []
  try {
    // In batches, so the accept queue is not the thing being measured.
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
    const lags: number[] = []
    for (const list of arrivals.values()) {
      const first = Math.min(...list)
      for (const at of list) lags.push(at - first)
    }
    lags.sort((a, b) => a - b)
    return {
      clients: sockets.length,
      messagesPerSecond: messages / elapsedS,
      p50LagMs: percentile(lags, 50),
      p99LagMs: percentile(lags, 99),
      maxLagMs: lags.at(-1) ?? NaN,
      ticks: arrivals.size,
    }
  } finally {
    for (const ws of sockets) ws.terminate()
  }
}
