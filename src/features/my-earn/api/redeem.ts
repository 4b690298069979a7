import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { EarnRequest } from '../../../../contract/earn-calls'
import { invalidateHoldings } from '../../../lib/earn-data/holdings'
import { earnCall } from '../../../lib/http/earn-client'

/** The caller passes the order id it made when the dialog opened: one id per confirmation. */
export function useRedeem() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EarnRequest<'redeem'>) => earnCall('redeem', body),
    onSettled: () => invalidateHoldings(queryClient),
  })
}
