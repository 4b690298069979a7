import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CancelExportRecordResponse } from '../../../../contract/export.schema'
import { EXPORT_RECORD_PATHS } from '../../../../contract/export-constants'
import { apiRequest } from '../../../lib/http/api-client'
import { listBillExportQueryOptions } from './list-bill-export'

/** Generic path: cancels an unfinished export, deletes a finished one (answer used as is). */
export const cancelExportRecord = (recordId: string) =>
  apiRequest<CancelExportRecordResponse>('DELETE', EXPORT_RECORD_PATHS.record, {
    record_id: recordId,
  })

export const useCancelExportRecord = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelExportRecord,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: listBillExportQueryOptions().queryKey }),
  })
}
