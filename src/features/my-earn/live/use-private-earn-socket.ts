import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { EarnPrivateTopic } from '../../../../contract/earn-socket.schema'
import { EarnSocket, EarnSocketChannel, earnSocketUrl } from '../../../lib/sockets/earn-socket'
import { createFrameBatcher } from '../../../lib/sockets/frame-batcher'
import { invalidateHoldings } from '../api/invalidate-holdings'
import { trackConnection } from './connection-store'
import { wsOrigin } from './socket-origin'

// Type-checked against the contract without importing it (the schema file carries zod).
const ORDER_TOPIC: EarnPrivateTopic = 'user.order'
const POSITION_TOPIC: EarnPrivateTopic = 'user.position'

/**
 * While a my-earn page is open: the private earn socket (realtime_w). Order and position
 * pushes carry only ids, so they invalidate the holdings queries, which re-read by call;
 * a burst of pushes in one frame costs one invalidation.
 */
export function usePrivateEarnSocket(): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    const socket = new EarnSocket(earnSocketUrl(wsOrigin(), EarnSocketChannel.RealtimeW))
    const connection = trackConnection('earn')
    const batcher = createFrameBatcher<unknown>(() => void invalidateHoldings(queryClient))
    let wasDown = false
    const offState = socket.onState((state) => {
      connection.update(state === 'open')
      if (state === 'closed') wasDown = true
      // Pushes missed while down are caught up by one re-read after the reconnect.
      if (state === 'open' && wasDown) batcher.push(null)
    })
    const offOrder = socket.subscribe(ORDER_TOPIC, (d) => batcher.push(d))
    const offPosition = socket.subscribe(POSITION_TOPIC, (d) => batcher.push(d))
    socket.connect()
    return () => {
      offOrder()
      offPosition()
      offState()
      batcher.dispose()
      socket.close()
      connection.reset()
    }
  }, [queryClient])
}
