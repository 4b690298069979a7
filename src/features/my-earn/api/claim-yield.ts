import { useMutation, useQueryClient } from '@tanstack/react-query'
import { newActionId } from '../../../lib/earn-data/action-id'
import { invalidateHoldings } from '../../../lib/earn-data/holdings'
import { earnCall } from '../../../lib/http/earn-client'

/** Claims one position's yield; the key is made once per press so a retry never pays twice. */
export function useClaimYield() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (positionId: string) =>
      earnCall('claim-yield', { order_id: newActionId('claim'), position_id: positionId }),
    onSettled: () => invalidateHoldings(queryClient),
  })
}
