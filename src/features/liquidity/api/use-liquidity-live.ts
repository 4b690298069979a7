import { useQueryClient } from '@tanstack/react-query'
import { usePrivateEarnPushes } from '../../../lib/sockets/live-sockets'
import { liquiditySummaryQueryOptions } from '../../../lib/earn-data/liquidity-summary'
import { ordersQueryOptions } from '../../../lib/earn-data/orders'

/**
 * While a signed-in user looks at my-liquidity or mining: order and position pushes of the
 * private earn socket (an add settling, a removal paid, hourly rewards) re-read the summary
 * and the orders.
 */
export function useLiquidityPushes(enabled: boolean): void {
  const queryClient = useQueryClient()
  usePrivateEarnPushes(enabled, () => {
    void queryClient.invalidateQueries({ queryKey: liquiditySummaryQueryOptions().queryKey })
    void queryClient.invalidateQueries({ queryKey: ordersQueryOptions().queryKey })
  })
}
