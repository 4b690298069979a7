import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ClaimYieldRequest, ClaimYieldResponse } from '../../../../contract/earn-order.schema'
import { earnCall } from '../../../lib/http/earn-client'
import { invalidateHoldings } from './invalidate-holdings'
import { newActionId } from './order-id'

export const claimYield = (body: ClaimYieldRequest) =>
  earnCall<ClaimYieldResponse>('claim-yield', body)

/** Claims one position's yield; the key is made once per press so a retry never pays twice. */
export function useClaimYield() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (positionId: string) =>
      claimYield({ order_id: newActionId('claim'), position_id: positionId }),
    onSettled: () => invalidateHoldings(queryClient),
  })
}
