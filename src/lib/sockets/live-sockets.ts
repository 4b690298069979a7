import { useEffect, useEffectEvent, useMemo, useState } from 'react'
import type { EarnPrivateTopic } from '../../../contract/earn-socket'
import { reportCustomEvent } from '../analytics/monitor'
import { environmentFor } from '../env/environment'
import { quoteSocketOrigin, webSocketOrigin } from '../env/hosts'
import { siteQuoteCoin, STABLE_COINS } from '../tickers/tickers'
import { EarnSocket, EarnSocketChannel, earnSocketUrl } from './earn-socket'
import { createFrameBatcher } from './frame-batcher'
import { SPOT_QUOTE_SOCKET_PATH, SpotQuoteSocket } from './spot-quote-socket'
import { useRealtimeQuotes } from './use-socket-updates'

// Hooks that own a live socket for as long as a page shows it: opened on mount, closed (no
// reconnect) on unmount, one render (or one call) per animation frame however many pushes.

/** The monitor's event for an earn socket that keeps failing to connect (spec §7, §9). */
export const SOCKET_FAILURE_EVENT = 'earn_socket_failure'

/**
 * The earn socket lives on the environment's ws2 host (the page's own origin on local hosts);
 * the spot quote socket on the page's origin (spec §7). Failures reach the monitor at 3, then
 * every 3 more, up to 22 (spec §9).
 */
function earnSocket(channel: EarnSocketChannel): EarnSocket {
  const url = earnSocketUrl(webSocketOrigin(environmentFor(location.host), location), channel)
  return new EarnSocket(url, {
    // realtime_w: a ticket from the page's own origin at each attempt (works on the ws2 host,
    // which gets no page cookie, and with Telegram's cookie-less session).
    ...(channel === EarnSocketChannel.RealtimeW
      ? { protocols: () => import('./socket-ticket').then((m) => m.socketTicketProtocols()) }
      : {}),
    onFailureReport: (failures) =>
      void reportCustomEvent(SOCKET_FAILURE_EVENT, { url, channel, failures }),
  })
}

/** The latest push on a public earn topic, while `topic` is set. */
export function usePublicEarnTopic<T>(topic: string | undefined): T | undefined {
  const [data, setData] = useState<T>()
  useEffect(() => {
    if (!topic) return
    const socket = earnSocket(EarnSocketChannel.Public)
    const batcher = createFrameBatcher<T>((items) => setData(items.at(-1)))
    const off = socket.subscribe(topic, (d) => batcher.push(d as T))
    socket.connect()
    return () => {
      off()
      batcher.dispose()
      socket.close()
    }
  }, [topic])
  return data
}

// Type-checked against the contract without importing it (the schema file carries zod).
const PRIVATE_TOPICS: readonly EarnPrivateTopic[] = ['user.order', 'user.position']

/**
 * The signed-in user's private earn socket (realtime_w) while `enabled`. Order and position
 * pushes carry only ids, so they are a signal to re-read: `onChange` runs once per frame with
 * pushes, and once after a reconnect for pushes missed while down. `onOpenChange` follows the
 * connection.
 */
export function usePrivateEarnPushes(
  enabled: boolean,
  onChange: () => void,
  onOpenChange?: (open: boolean) => void,
): void {
  const changed = useEffectEvent(onChange)
  const openChanged = useEffectEvent((open: boolean) => onOpenChange?.(open))
  useEffect(() => {
    if (!enabled) return
    const socket = earnSocket(EarnSocketChannel.RealtimeW)
    const batcher = createFrameBatcher<unknown>(() => changed())
    let wasDown = false
    const offState = socket.onState((state) => {
      openChanged(state === 'open')
      if (state === 'closed') wasDown = true
      if (state === 'open' && wasDown) batcher.push(null)
    })
    const offs = PRIVATE_TOPICS.map((topic) => socket.subscribe(topic, (d) => batcher.push(d)))
    socket.connect()
    return () => {
      for (const off of offs) off()
      offState()
      batcher.dispose()
      socket.close()
    }
  }, [enabled])
}

/**
 * Live prices of these coins in the site's quote coin (USDT; USDC on the EU site, spec §7) from
 * a spot quote socket of their own (stable coins are left out: they count as 1). `onOpenChange`
 * follows the connection.
 */
export function useLiveUsdtPrices(
  coins: readonly string[],
  onOpenChange?: (open: boolean) => void,
): Record<string, string> {
  const [socket] = useState(
    () => new SpotQuoteSocket(`${quoteSocketOrigin(location)}${SPOT_QUOTE_SOCKET_PATH}`),
  )
  const [quote] = useState(siteQuoteCoin)
  const openChanged = useEffectEvent((open: boolean) => onOpenChange?.(open))
  useEffect(() => {
    const off = socket.onState((s) => openChanged(s === 'open'))
    socket.connect()
    return () => {
      off()
      socket.close()
    }
  }, [socket])
  const key = [...new Set(coins)].sort().join(',')
  const symbols = useMemo(
    () =>
      key
        .split(',')
        .filter((c) => c && !STABLE_COINS.includes(c))
        .map((c) => `${c}${quote}`),
    [key, quote],
  )
  const quotes = useRealtimeQuotes(socket, symbols)
  return useMemo(() => {
    const prices: Record<string, string> = {}
    for (const q of Object.values(quotes)) prices[q.symbol.slice(0, -quote.length)] = q.close
    return prices
  }, [quotes, quote])
}
