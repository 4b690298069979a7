import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SubmitBillExportRequest } from '../../../../contract/export.schema'
import { earnCall } from '../../../lib/http/earn-client'
import { toExportRow, type ExportRow } from '../model/export-record'
import { listBillExportQueryOptions } from './list-bill-export'

export const submitBillExport = async (body: SubmitBillExportRequest) =>
  toExportRow(await earnCall('submit-bill-export', body))

export const useSubmitBillExport = () => {
  const queryClient = useQueryClient()
  const list = listBillExportQueryOptions()
  return useMutation({
    mutationFn: submitBillExport,
    // The new request shows at the top of the list at once, as the submit answered it
    // (queued), then the list is read again and polls until it is ready.
    onSuccess: (row: ExportRow) => {
      queryClient.setQueryData(list.queryKey, (old) =>
        old ? { records: [row, ...old.records.filter((r) => r.recordId !== row.recordId)] } : old,
      )
      return queryClient.invalidateQueries({ queryKey: list.queryKey })
    },
  })
}
