import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ExportRecord } from '../../../../contract/export.schema'
import { UNFINISHED_EXPORT_STATUSES } from '../../../../contract/export-constants'
import { earnCall } from '../../../lib/http/earn-client'

/** While a job is queued or processing, the list refreshes this often. */
export const EXPORT_POLL_MS = 2000

export const listBillExport = () => earnCall('list-bill-export')

export const hasUnfinished = (records: readonly ExportRecord[] = []) =>
  records.some((r) => UNFINISHED_EXPORT_STATUSES.includes(r.status))

export const listBillExportQueryOptions = () =>
  queryOptions({
    queryKey: ['earn', 'bill-export', 'list'],
    queryFn: listBillExport,
    // Poll only while something can still change by itself.
    refetchInterval: (query) => (hasUnfinished(query.state.data?.records) ? EXPORT_POLL_MS : false),
  })

export const useBillExports = () => useQuery(listBillExportQueryOptions())
