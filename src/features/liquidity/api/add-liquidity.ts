import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { EarnOrder } from '../../../../contract/earn-order.schema'
import { OrderStatus } from '../../../../contract/enums'
import { invalidateLiquidity } from '../../../lib/earn-data/holdings'
import { confirmOrder, payOrder } from '../../../lib/earn-data/place-order'

export type AddLiquidity = { orderId: string; productId: string; amount: string; leverage: string }

/** Add 1 = pay-order with a leverage; confirm-order then makes the AddPending position Effective. */
export function useAddLiquidity() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (a: AddLiquidity): Promise<EarnOrder> => {
      const { order } = await payOrder({
        order_id: a.orderId,
        product_id: a.productId,
        amount: a.amount,
        leverage: a.leverage,
      })
      if (order.status !== OrderStatus.InProgress) return order
      return (await confirmOrder({ order_id: a.orderId })).order
    },
    onSettled: () => invalidateLiquidity(queryClient),
  })
}
