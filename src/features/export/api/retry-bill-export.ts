import { useMutation, useQueryClient } from '@tanstack/react-query'
import { earnCall } from '../../../lib/http/earn-client'
import { toExportRow } from '../model/export-record'
import { listBillExportQueryOptions } from './list-bill-export'

export const retryBillExport = async (recordId: string) =>
  toExportRow(await earnCall('retry-bill-export', { record_id: recordId }))

export const useRetryBillExport = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: retryBillExport,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: listBillExportQueryOptions().queryKey }),
  })
}
