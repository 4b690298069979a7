import { useLiveUsdtPrices } from '../../../lib/sockets/live-sockets'
import { useTrackedConnection } from './connection-store'

/** Live USD(T) prices of these coins; the reconnecting indicator follows the quote socket. */
export function useLivePrices(coins: readonly string[]): Record<string, string> {
  const connection = useTrackedConnection('spot')
  return useLiveUsdtPrices(coins, connection.update)
}
