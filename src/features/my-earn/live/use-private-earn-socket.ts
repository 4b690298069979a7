import { useQueryClient } from '@tanstack/react-query'
import { usePrivateEarnPushes } from '../../../lib/sockets/live-sockets'
import { invalidateHoldings } from '../../../lib/earn-data/holdings'
import { useTrackedConnection } from './connection-store'

/**
 * While a my-earn page is open: the private earn socket (realtime_w). Its pushes re-read the
 * holdings queries; the reconnecting indicator follows its connection.
 */
export function usePrivateEarnSocket(): void {
  const queryClient = useQueryClient()
  const connection = useTrackedConnection('earn')
  usePrivateEarnPushes(true, () => void invalidateHoldings(queryClient), connection.update)
}
