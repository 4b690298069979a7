import { useMutation, useQueryClient } from '@tanstack/react-query'
import { LiquidityOperation } from '../../../../contract/enums'
import { invalidateLiquidity } from '../../../lib/earn-data/holdings'
import { earnCall } from '../../../lib/http/earn-client'

export type OperateLiquidity = {
  orderId: string
  positionId: string
  operation:
    | typeof LiquidityOperation.Remove
    | typeof LiquidityOperation.Reinvest
    | typeof LiquidityOperation.ReduceLeverage
  leverage?: string
}

/** Remove 2, Reinvest 3, ReduceLeverage 4 (operate-liquidity). */
export function useOperateLiquidity() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (o: OperateLiquidity) =>
      earnCall('operate-liquidity', {
        order_id: o.orderId,
        position_id: o.positionId,
        operation: o.operation,
        ...(o.leverage ? { leverage: o.leverage } : {}),
      }),
    onSettled: () => invalidateLiquidity(queryClient),
  })
}
