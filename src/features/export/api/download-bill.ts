import { useMutation } from '@tanstack/react-query'
import { earnCall } from '../../../lib/http/earn-client'
import { toDownloadLink } from '../model/export-record'

/** A fresh signed link (15 minutes); asked for at each press so it never goes stale. */
export const downloadBill = async (recordId: string) =>
  toDownloadLink(await earnCall('download-bill', { record_id: recordId }))

export const useDownloadBill = () => useMutation({ mutationFn: downloadBill })
