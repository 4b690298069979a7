import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RedeemRequest, RedeemResponse } from '../../../../contract/earn-order.schema'
import { earnCall } from '../../../lib/http/earn-client'
import { invalidateHoldings } from './invalidate-holdings'

/** Not in lib's list of 21 calls (the spec does not name it); the server serves it as redeem. */
export const redeem = (body: RedeemRequest) => earnCall<RedeemResponse>('redeem', body)

/** The caller passes the order id it made when the dialog opened: one id per confirmation. */
export function useRedeem() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: redeem,
    onSettled: () => invalidateHoldings(queryClient),
  })
}
