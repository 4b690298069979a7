import { z } from 'zod'
import { ExportStatus } from './export-constants'

// Server code reading records by status imports it with the payloads.
export { ExportStatus } from './export-constants'

// Bill export (spec §3, §4, §7, §8): the earn calls submit/list/retry-bill-export and
// download-bill, and the generic export-record paths; both read the same export jobs.

const unix = z.number().int().nonnegative().max(4_102_444_800)

export const submitBillExportRequest = z
  .object({ export_start_at: unix, export_end_at: unix })
  .strict()
export type SubmitBillExportRequest = z.infer<typeof submitBillExportRequest>

/** An export record on the wire (spec §3 fields, plus progress and the failure reason). */
export const exportRecord = z.object({
  record_id: z.string(),
  export_start_at: z.number().int(),
  export_end_at: z.number().int(),
  submit_at: z.number().int(),
  status: z.union(Object.values(ExportStatus).map((v) => z.literal(v))),
  /** 0–100; 100 once success. */
  progress: z.number().int().min(0).max(100),
  /** Wallet records written so far (the total once success). */
  record_count: z.number().int().nonnegative(),
  /** Why it failed (status 3), else null. */
  failure_reason: z.string().nullable(),
})
export type ExportRecord = z.infer<typeof exportRecord>

export const recordIdRequest = z.object({ record_id: z.string().min(1).max(20) }).strict()
export type RecordIdRequest = z.infer<typeof recordIdRequest>

/** list-bill-export takes no fields. */
export const noExportPayload = z.object({}).strict()

export const listExportRecordsResponse = z.object({ records: z.array(exportRecord) })
export type ListExportRecordsResponse = z.infer<typeof listExportRecordsResponse>

export const downloadLinkResponse = z.object({
  download_url: z.string(),
  /** When the link stops working (unix seconds). */
  expires_at: z.number().int(),
})
export type DownloadLinkResponse = z.infer<typeof downloadLinkResponse>

/** Generic DELETE answer: cancelled (queued/processing) or deleted (finished). */
export const cancelExportRecordResponse = z.object({
  record_id: z.string(),
  action: z.enum(['cancelled', 'deleted']),
  status: z.union(Object.values(ExportStatus).map((v) => z.literal(v))),
})
export type CancelExportRecordResponse = z.infer<typeof cancelExportRecordResponse>

/** Payload of the private earn-socket push when an export finishes (topic user.export). */
export type ExportFinishedPush = { record_id: string; status: ExportStatus }
