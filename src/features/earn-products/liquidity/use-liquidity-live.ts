import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { EarnSocket, EarnSocketChannel, earnSocketUrl } from '../../../lib/sockets/earn-socket'
import { createFrameBatcher } from '../../../lib/sockets/frame-batcher'
import { SPOT_QUOTE_SOCKET_PATH, SpotQuoteSocket } from '../../../lib/sockets/spot-quote-socket'
import { useRealtimeQuotes } from '../../../lib/sockets/use-socket-updates'
import { STABLE_COINS } from '../../../lib/tickers/tickers'
import { getLiquiditySummaryQueryOptions } from '../api/liquidity'

const wsOrigin = () => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}`

/**
 * While a signed-in user looks at my-liquidity or mining: order and position pushes of the
 * private earn socket (an add settling, a removal paid, hourly rewards) re-read the summary,
 * one re-read per animation frame; one more after a reconnect for pushes missed while down.
 */
export function useLiquidityPushes(enabled: boolean): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!enabled) return
    const socket = new EarnSocket(earnSocketUrl(wsOrigin(), EarnSocketChannel.RealtimeW))
    const batcher = createFrameBatcher<unknown>(() => {
      void queryClient.invalidateQueries({ queryKey: getLiquiditySummaryQueryOptions().queryKey })
      void queryClient.invalidateQueries({ queryKey: ['earn', 'orders'] })
    })
    let wasDown = false
    const offState = socket.onState((state) => {
      if (state === 'closed') wasDown = true
      if (state === 'open' && wasDown) batcher.push(null)
    })
    const offOrder = socket.subscribe('user.order', (d) => batcher.push(d))
    const offPosition = socket.subscribe('user.position', (d) => batcher.push(d))
    socket.connect()
    return () => {
      offOrder()
      offPosition()
      offState()
      batcher.dispose()
      socket.close()
    }
  }, [enabled, queryClient])
}

/** Live USDT prices of the pools' base coins from the spot quote socket (stable coins are 1). */
export function useLivePairPrices(coins: readonly string[]): Record<string, string> {
  const [socket] = useState(() => new SpotQuoteSocket(`${wsOrigin()}${SPOT_QUOTE_SOCKET_PATH}`))
  useEffect(() => {
    socket.connect()
    return () => socket.close()
  }, [socket])
  const key = [...new Set(coins)].sort().join(',')
  const symbols = useMemo(
    () =>
      key
        .split(',')
        .filter((c) => c && !STABLE_COINS.includes(c))
        .map((c) => `${c}USDT`),
    [key],
  )
  const quotes = useRealtimeQuotes(socket, symbols)
  return useMemo(() => {
    const prices: Record<string, string> = {}
    for (const q of Object.values(quotes)) prices[q.symbol.slice(0, -4)] = q.close
    return prices
  }, [quotes])
}
