import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SubmitBillExportRequest } from '../../../../contract/export.schema'
import { earnCall } from '../../../lib/http/earn-client'
import { toExportRow } from '../model/export-record'
import { listBillExportQueryOptions } from './list-bill-export'

export const submitBillExport = async (body: SubmitBillExportRequest) =>
  toExportRow(await earnCall('submit-bill-export', body))

export const useSubmitBillExport = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: submitBillExport,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: listBillExportQueryOptions().queryKey }),
  })
}
