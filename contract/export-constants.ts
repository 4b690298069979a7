// Export constants the client may import at runtime (the schemas beside them are zod).

/** Export job status: spec §4 gives processing 1, success 2, failed 3; queued and cancelled are ours. */
export const ExportStatus = {
  Queued: 0,
  Processing: 1,
  Success: 2,
  Failed: 3,
  Cancelled: 4,
} as const
export type ExportStatus = (typeof ExportStatus)[keyof typeof ExportStatus]

/** Statuses that still change by themselves (the client polls while any record has one). */
export const UNFINISHED_EXPORT_STATUSES: readonly ExportStatus[] = [
  ExportStatus.Queued,
  ExportStatus.Processing,
]

/** Limits of our design (the spec shows none); docs/export.md explains them. */
export const EXPORT_LIMITS = {
  /** Longest range of one request, in days (about 12 months). */
  maxRangeDays: 366,
  /** Requests (submit or create) a user may make per UTC day. */
  perDay: 5,
  /** Lifetime of a signed download link, in seconds. */
  linkTtlSeconds: 15 * 60,
} as const

/** The generic export-record paths (under /x-api). */
export const EXPORT_RECORD_PATHS = {
  collection: '/v1/export-records',
  record: '/v1/export-records/:record_id',
  downloadLink: '/v1/export-records/:record_id/download-link',
  file: '/v1/export-files/:record_id',
} as const
