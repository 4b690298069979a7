import { and, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  type CancelExportRecordResponse,
  type ExportRecord,
  type SubmitBillExportRequest,
} from '../../../contract/export.schema'
import {
  EXPORT_LIMITS,
  ExportStatus,
  UNFINISHED_EXPORT_STATUSES,
} from '../../../contract/export-constants'
import type { Database } from '../../db/client'
import { exportJobs } from '../../db/schema'
import { parseJsonBody } from '../../http/envelope'
import { ApiError, BillExportRetCode, billExportMessages } from '../../http/errors'
import { walletRecords } from '../earn/account-views'
import { removeJobFiles } from './files'

export type ExportJobRow = typeof exportJobs.$inferSelect

const DAY_SECONDS = 86_400
const toUnix = (d: Date) => Math.floor(d.getTime() / 1000)

export const exportError = (code: BillExportRetCode, message = billExportMessages[code]) =>
  new ApiError(code, message)

/** Export payloads answer 328 (not 10001) when they are malformed: the spec's invalid request. */
export const parseExportBody = <S extends z.ZodType>(raw: string, schema: S): z.infer<S> =>
  parseJsonBody(raw, schema, BillExportRetCode.InvalidRequest)

export function toExportRecord(row: ExportJobRow): ExportRecord {
  return {
    record_id: String(row.id),
    export_start_at: toUnix(row.startAt),
    export_end_at: toUnix(row.endAt),
    submit_at: toUnix(row.submitAt),
    status: row.status as ExportStatus,
    progress: row.progress,
    record_count: row.recordCount,
    failure_reason: row.failureReason,
  }
}

/** 328 for ranges no export can serve: reversed, in the future, or over the longest range. */
export function checkRange(req: SubmitBillExportRequest, now: Date): void {
  const { export_start_at: start, export_end_at: end } = req
  const invalid = (why: string) => exportError(BillExportRetCode.InvalidRequest, why)
  if (end < start) throw invalid('export_end_at must not be before export_start_at')
  const nowSec = toUnix(now)
  // The end may be the last second of today (UTC) so "today" is a valid last day.
  const endOfToday = (Math.floor(nowSec / DAY_SECONDS) + 1) * DAY_SECONDS - 1
  if (start > nowSec || end > endOfToday) throw invalid('the range must not be in the future')
  if (end - start >= EXPORT_LIMITS.maxRangeDays * DAY_SECONDS)
    throw invalid(`the range must be at most ${EXPORT_LIMITS.maxRangeDays} days`)
}

const startOfUtcDay = (now: Date) =>
  new Date(Math.floor(now.getTime() / (DAY_SECONDS * 1000)) * DAY_SECONDS * 1000)

/** Queues an export: 328 bad range, 327 same range unfinished, 326 daily limit, 303 no records. */
export async function submitExport(
  db: Database,
  userId: number,
  req: SubmitBillExportRequest,
  now: Date,
): Promise<ExportRecord> {
  checkRange(req, now)
  const startAt = new Date(req.export_start_at * 1000)
  const endAt = new Date(req.export_end_at * 1000)
  // The same wallet-records query the records list uses, asked for one row.
  const probe = await walletRecords(db, userId, {
    start_time: req.export_start_at,
    end_time: req.export_end_at,
    limit: 1,
  })
  const row = await db.transaction(async (tx) => {
    // One user's submits are serialised so the daily limit and duplicate check hold across servers.
    await tx.execute(sql`select pg_advisory_xact_lock(7267, ${userId})`)
    const [dup] = await tx
      .select({ id: exportJobs.id })
      .from(exportJobs)
      .where(
        and(
          eq(exportJobs.userId, userId),
          eq(exportJobs.startAt, startAt),
          eq(exportJobs.endAt, endAt),
          inArray(exportJobs.status, [...UNFINISHED_EXPORT_STATUSES]),
        ),
      )
      .limit(1)
    if (dup)
      throw exportError(
        BillExportRetCode.Duplicate,
        `export ${dup.id} for this range is already in progress`,
      )
    const [today] = await tx
      .select({ n: count() })
      .from(exportJobs)
      .where(and(eq(exportJobs.userId, userId), gte(exportJobs.submitAt, startOfUtcDay(now))))
    if ((today?.n ?? 0) >= EXPORT_LIMITS.perDay)
      throw exportError(
        BillExportRetCode.ExportLimit,
        `at most ${EXPORT_LIMITS.perDay} exports a day; try again after 00:00 UTC`,
      )
    if (probe.records.length === 0)
      throw exportError(BillExportRetCode.NoRecord, 'no wallet records in this range')
    const [created] = await tx
      .insert(exportJobs)
      .values({ userId, startAt, endAt, submitAt: now, status: ExportStatus.Queued })
      .returning()
    return created!
  })
  return toExportRecord(row)
}

/** The user's visible export records, newest first (at most 100). */
export async function listExports(db: Database, userId: number): Promise<ExportRecord[]> {
  const rows = await db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.userId, userId), isNull(exportJobs.deletedAt)))
    .orderBy(desc(exportJobs.id))
    .limit(100)
  return rows.map(toExportRecord)
}

/** The user's own visible job, or 303 (another user's id looks exactly like a missing one). */
export async function ownJob(db: Database, userId: number, recordId: string) {
  const id = /^\d{1,15}$/.test(recordId) ? Number(recordId) : NaN
  const [row] = Number.isNaN(id)
    ? []
    : await db
        .select()
        .from(exportJobs)
        .where(
          and(eq(exportJobs.id, id), eq(exportJobs.userId, userId), isNull(exportJobs.deletedAt)),
        )
  if (!row) throw exportError(BillExportRetCode.NoRecord, 'no such export record')
  return row
}

/** failed → queued again (a retry does not count against the daily limit). */
export async function retryExport(
  db: Database,
  userId: number,
  recordId: string,
): Promise<ExportRecord> {
  const job = await ownJob(db, userId, recordId)
  if (job.status !== ExportStatus.Failed)
    throw exportError(BillExportRetCode.InvalidRequest, 'only a failed export can be retried')
  const [updated] = await db
    .update(exportJobs)
    .set({
      status: ExportStatus.Queued,
      progress: 0,
      recordCount: 0,
      failureReason: null,
      finishedAt: null,
      claimedBy: null,
    })
    .where(and(eq(exportJobs.id, job.id), eq(exportJobs.status, ExportStatus.Failed)))
    .returning()
  if (!updated) throw exportError(BillExportRetCode.Duplicate, 'this export is already queued')
  return toExportRecord(updated)
}

/** Unfinished → cancelled (the worker stops at its next batch); finished → deleted with its file. */
export async function cancelOrDeleteExport(
  db: Database,
  userId: number,
  recordId: string,
  now: Date,
  dataDir: string,
): Promise<CancelExportRecordResponse> {
  const job = await ownJob(db, userId, recordId)
  if (UNFINISHED_EXPORT_STATUSES.includes(job.status as ExportStatus)) {
    const [row] = await db
      .update(exportJobs)
      .set({ status: ExportStatus.Cancelled, finishedAt: now, claimedBy: null })
      .where(
        and(eq(exportJobs.id, job.id), inArray(exportJobs.status, [...UNFINISHED_EXPORT_STATUSES])),
      )
      .returning()
    // The worker finished it between the read and the update: delete it instead.
    if (row) return { record_id: recordId, action: 'cancelled', status: ExportStatus.Cancelled }
  }
  const [row] = await db
    .update(exportJobs)
    .set({ deletedAt: now })
    .where(eq(exportJobs.id, job.id))
    .returning()
  await removeJobFiles(dataDir, job.userId, job.id)
  return { record_id: recordId, action: 'deleted', status: row!.status as ExportStatus }
}
