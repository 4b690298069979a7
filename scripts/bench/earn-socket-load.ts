import { EarnPublicTopic, EarnSocketChannel } from '../../contract/earn-socket'
import { EARN_SOCKET_PATH_PREFIX } from '../../contract/paths'
import { holdClients, percentile, subscribedClient } from './socket-clients'

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
  const url = `${baseUrl.replace(/^http/, 'ws')}${EARN_SOCKET_PATH_PREFIX}/${EarnSocketChannel.Public}`
  let measuring = false
  const lags: number[] = []
  const ticks = new Set<number>()
  const onPush = (ts: number, at: number) => {
    if (!measuring) return
    lags.push(at - ts)
    ticks.add(ts)
  }
  const subscribe = JSON.stringify({ op: 'subscribe', args: [TOPIC] })
  // The server stamps ts with Date.now(): the same wall clock, read the same way.
  const open = () => subscribedClient(url, subscribe, PUSH_HEAD, onPush, Date.now)
  const held = await holdClients(options.clients, options.durationS, open, (on) => {
    measuring = on
  })
  lags.sort((a, b) => a - b)
  return {
    clients: held.clients,
    topic: TOPIC,
    messagesPerSecond: lags.length / held.elapsedS,
    p50LagMs: percentile(lags, 50),
    p99LagMs: percentile(lags, 99),
    maxLagMs: lags.at(-1) ?? NaN,
    ticks: ticks.size,
  }
}
