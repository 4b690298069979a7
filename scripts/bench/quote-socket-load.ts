import { holdClients, percentile, subscribedClient } from './socket-clients'

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
  const subscribe = JSON.stringify({
    topic: 'realtimes',
    event: 'sub',
    symbol: SYMBOLS.join(','),
    params: { binary: false },
  })
  const now = () => performance.timeOrigin + performance.now()
  const open = () => subscribedClient(url, subscribe, PUSH_HEAD, onPush, now)
  const held = await holdClients(options.clients, options.durationS, open, (on) => {
    measuring = on
  })
  const lags: number[] = []
  for (const list of arrivals.values()) {
    const first = Math.min(...list)
    for (const at of list) lags.push(at - first)
  }
  lags.sort((a, b) => a - b)
  return {
    clients: held.clients,
    messagesPerSecond: messages / held.elapsedS,
    p50LagMs: percentile(lags, 50),
    p99LagMs: percentile(lags, 99),
    maxLagMs: lags.at(-1) ?? NaN,
    ticks: arrivals.size,
  }
}
