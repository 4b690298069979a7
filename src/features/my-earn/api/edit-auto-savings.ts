import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { EarnRequest } from '../../../../contract/earn-calls'
import { invalidateAutoSavings } from '../../../lib/earn-data/holdings'
import { earnCall } from '../../../lib/http/earn-client'

export function useEditAutoSavings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EarnRequest<'edit-auto-savings'>) => earnCall('edit-auto-savings', body),
    onSettled: () => invalidateAutoSavings(queryClient),
  })
}
