import { useEffect, useMemo, useState } from 'react'
import { SPOT_QUOTE_SOCKET_PATH, SpotQuoteSocket } from '../../../lib/sockets/spot-quote-socket'
import { useRealtimeQuotes } from '../../../lib/sockets/use-socket-updates'
import { STABLE_COINS } from '../../../lib/tickers/tickers'
import { trackConnection } from './connection-store'
import { wsOrigin } from './socket-origin'

const QUOTE = 'USDT'

/** One spot quote socket per page visit: opened on mount, closed (no reconnect) on unmount. */
function useSpotSocket(): SpotQuoteSocket {
  const [socket] = useState(() => new SpotQuoteSocket(`${wsOrigin()}${SPOT_QUOTE_SOCKET_PATH}`))
  useEffect(() => {
    const connection = trackConnection('spot')
    const off = socket.onState((s) => connection.update(s === 'open'))
    socket.connect()
    return () => {
      off()
      socket.close()
      connection.reset()
    }
  }, [socket])
  return socket
}

/** Live USD(T) prices of these coins from the spot quote socket; stable coins are 1. */
export function useLivePrices(coins: readonly string[]): Record<string, string> {
  const socket = useSpotSocket()
  const key = [...new Set(coins)].sort().join(',')
  const symbols = useMemo(
    () =>
      key
        .split(',')
        .filter((c) => c && !STABLE_COINS.includes(c))
        .map((c) => `${c}${QUOTE}`),
    [key],
  )
  const quotes = useRealtimeQuotes(socket, symbols)
  return useMemo(() => {
    const prices: Record<string, string> = {}
    for (const q of Object.values(quotes)) prices[q.symbol.slice(0, -QUOTE.length)] = q.close
    return prices
  }, [quotes])
}
