import { queryOptions, useQuery } from '@tanstack/react-query'
import { UNFINISHED_EXPORT_STATUSES } from '../../../../contract/export-constants'
import { earnCall } from '../../../lib/http/earn-client'
import { toExportRow, type ExportRow } from '../model/export-record'

/** While a job is queued or processing, the list refreshes this often. */
export const EXPORT_POLL_MS = 2000

/** The user's export requests, mapped at this edge (spec §3). */
export const listBillExport = async (): Promise<{ records: ExportRow[] }> => {
  const { records } = await earnCall('list-bill-export')
  return { records: records.map(toExportRow) }
}

export const hasUnfinished = (records: readonly ExportRow[] = []) =>
  records.some((r) => UNFINISHED_EXPORT_STATUSES.includes(r.status))

export const listBillExportQueryOptions = () =>
  queryOptions({
    queryKey: ['earn', 'bill-export', 'list'],
    queryFn: listBillExport,
    // Poll only while something can still change by itself.
    refetchInterval: (query) => (hasUnfinished(query.state.data?.records) ? EXPORT_POLL_MS : false),
  })

export const useBillExports = () => useQuery(listBillExportQueryOptions())
