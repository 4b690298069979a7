import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SubmitBillExportRequest } from '../../../../contract/export.schema'
import { earnCall } from '../../../lib/http/earn-client'
import { listBillExportQueryOptions } from './list-bill-export'

export const submitBillExport = (body: SubmitBillExportRequest) =>
  earnCall('submit-bill-export', body)

export const useSubmitBillExport = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: submitBillExport,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: listBillExportQueryOptions().queryKey }),
  })
}
