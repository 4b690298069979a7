import type { DownloadLinkResponse, ExportRecord } from '../../../../contract/export.schema'

/**
 * An export request as the screen uses it (spec §3): record_id, export_start_at, export_end_at,
 * submit_at and status mapped once, at the API edge, to recordId, startAt, endAt, submitAt and
 * status (progress, record count and failure reason, ours, follow the same rule).
 */
export type ExportRow = {
  recordId: string
  /** Unix seconds; shown as a UTC date. */
  startAt: number
  endAt: number
  /** Unix seconds; shown in local time. */
  submitAt: number
  status: ExportRecord['status']
  progress: number
  recordCount: number
  failureReason: string | null
}

export const toExportRow = (r: ExportRecord): ExportRow => ({
  recordId: r.record_id,
  startAt: r.export_start_at,
  endAt: r.export_end_at,
  submitAt: r.submit_at,
  status: r.status,
  progress: r.progress,
  recordCount: r.record_count,
  failureReason: r.failure_reason,
})

/** The download response's download_url, exposed as downloadUrl (spec §3). */
export const toDownloadLink = (r: DownloadLinkResponse) => ({
  downloadUrl: r.download_url,
  expiresAt: r.expires_at,
})
