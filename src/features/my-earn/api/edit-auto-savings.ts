import { useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  EditAutoSavingsRequest,
  EditAutoSavingsResponse,
} from '../../../../contract/earn-account.schema'
import { earnCall } from '../../../lib/http/earn-client'
import { invalidateAutoSavings } from './invalidate-holdings'

export const editAutoSavings = (body: EditAutoSavingsRequest) =>
  earnCall<EditAutoSavingsResponse>('edit-auto-savings', body)

export function useEditAutoSavings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: editAutoSavings,
    onSettled: () => invalidateAutoSavings(queryClient),
  })
}
