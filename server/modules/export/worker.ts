import { randomBytes } from 'node:crypto'
import { createWriteStream, type WriteStream } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { once } from 'node:events'
import { and, count, eq, gte, lte, sql } from 'drizzle-orm'
import { EarnPrivateTopic } from '../../../contract/earn-socket'
import { type ExportFinishedPush } from '../../../contract/export.schema'
import { ExportStatus } from '../../../contract/export-constants'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { exportJobs, ledgerPostings } from '../../db/schema'
import { walletRecords } from '../earn/account-views'
import { notifyEarnEvent } from '../earn/events'
import { rowsOf } from '../../db/rows'
import { enqueueNotification } from '../../telegram/notifications'
import {
  CSV_HEADER,
  csvLine,
  exportsDir,
  finalFileName,
  partFileName,
  removeJobFiles,
} from './files'
import type { ExportJobRow } from './service'
import { QueueLoop } from '../../jobs/queue-loop'

export type ExportWorkerOptions = {
  /** Wallet records read and written per batch (memory is bounded by this, not the range). */
  batchSize: number
  /** How often an idle worker looks for queued jobs. */
  pollMs: number
  /** A processing job whose heartbeat is older than this belongs to a dead worker. */
  leaseMs: number
}
export const DEFAULT_EXPORT_WORKER_OPTIONS: ExportWorkerOptions = {
  batchSize: 1000,
  pollMs: 1000,
  leaseMs: 30_000,
}

export type ExportWorkerDeps = { db: Database; clock: Clock; dataDir: string }

type RunOutcome = 'success' | 'failed' | 'lost' | 'released'

/**
 * Claims queued jobs (SELECT … FOR UPDATE SKIP LOCKED, so several servers share one queue)
 * and streams each one's wallet records into a CSV file, batch by batch.
 */
export class ExportWorker {
  readonly id = `w-${process.pid}-${randomBytes(4).toString('hex')}`
  readonly options: ExportWorkerOptions
  readonly #loop: QueueLoop

  constructor(
    private readonly deps: ExportWorkerDeps,
    options: Partial<ExportWorkerOptions> = {},
  ) {
    this.options = { ...DEFAULT_EXPORT_WORKER_OPTIONS, ...options }
    this.#loop = new QueueLoop('export-worker', this.options.pollMs, async () => {
      const job = await this.claim()
      if (job) await this.run(job)
      return !!job
    })
  }

  /** Takes the oldest queued job, or a processing one whose worker stopped heartbeating. */
  async claim(): Promise<ExportJobRow | null> {
    const now = this.deps.clock.now()
    const stale = new Date(now.getTime() - this.options.leaseMs)
    const result = await this.deps.db.execute(sql`
      update export_jobs
         set status = ${ExportStatus.Processing}, claimed_by = ${this.id},
             heartbeat_at = ${now.toISOString()}, attempts = attempts + 1,
             progress = 0, record_count = 0
       where id = (
         select id from export_jobs
          where deleted_at is null
            and (status = ${ExportStatus.Queued}
                 or (status = ${ExportStatus.Processing} and heartbeat_at < ${stale.toISOString()}))
          order by id
          limit 1
          for update skip locked)
      returning id`)
    const [claimed] = rowsOf<{ id: number | string }>(result)
    if (!claimed) return null
    const [row] = await this.deps.db
      .select()
      .from(exportJobs)
      .where(eq(exportJobs.id, Number(claimed.id)))
    return row ?? null
  }

  /** Runs jobs until the queue is empty (or the worker is stopping); returns how many ran. */
  drain(): Promise<number> {
    return this.#loop.drain()
  }

  start(): void {
    this.#loop.start()
  }

  /** Stops after the current batch; a job cut short goes back to the queue. */
  stop(): Promise<void> {
    return this.#loop.stop()
  }

  async run(job: ExportJobRow): Promise<RunOutcome> {
    const { db, clock, dataDir } = this.deps
    const dir = exportsDir(dataDir, job.userId)
    const part = join(dir, partFileName(job.id, job.attempts))
    let stream: WriteStream | undefined
    try {
      await mkdir(dir, { recursive: true })
      // Parts of earlier runs (a crashed server's) go: a job only ever has one file.
      await removeJobFiles(dataDir, job.userId, job.id)
      const range = [
        eq(ledgerPostings.userId, job.userId),
        gte(ledgerPostings.createdAt, job.startAt),
        lte(ledgerPostings.createdAt, job.endAt),
      ]
      const [total] = await db
        .select({ n: count() })
        .from(ledgerPostings)
        .where(and(...range))
      const expected = Number(total?.n ?? 0)
      stream = createWriteStream(part, { flags: 'w' })
      await write(stream, CSV_HEADER)
      let written = 0
      let cursor: string | undefined
      for (;;) {
        const page = await walletRecords(db, job.userId, {
          start_time: Math.floor(job.startAt.getTime() / 1000),
          end_time: Math.floor(job.endAt.getTime() / 1000),
          limit: this.options.batchSize,
          ...(cursor ? { cursor } : {}),
        })
        if (page.records.length) await write(stream, page.records.map(csvLine).join(''))
        written += page.records.length
        const progress = expected ? Math.min(99, Math.floor((written * 100) / expected)) : 0
        if (!(await this.#heartbeat(job.id, progress, written))) {
          await closeAndRemove(stream, part)
          return 'lost' // Cancelled, or taken over by another worker after a lapsed lease.
        }
        if (!page.next_cursor) break
        if (this.#loop.stopping) {
          await closeAndRemove(stream, part)
          await this.#release(job.id)
          return 'released'
        }
        cursor = page.next_cursor
      }
      stream.end()
      await once(stream, 'close')
      const fileName = finalFileName(job.id)
      await rename(part, join(dir, fileName))
      // The bot's "export ready" message is queued in the transaction that marks it done.
      const done = await db.transaction(async (tx) => {
        const now = clock.now()
        const [row] = await tx
          .update(exportJobs)
          .set({
            status: ExportStatus.Success,
            progress: 100,
            recordCount: written,
            fileName,
            finishedAt: now,
            claimedBy: null,
          })
          .where(this.#mine(job.id))
          .returning({ id: exportJobs.id })
        if (row)
          await enqueueNotification(tx, {
            userId: job.userId,
            kind: 'export_ready',
            params: {},
            dedupeKey: `export:${job.id}`,
            now,
          })
        return row
      })
      if (!done) {
        await removeJobFiles(dataDir, job.userId, job.id)
        return 'lost'
      }
      await this.#push(job.userId, job.id, ExportStatus.Success)
      return 'success'
    } catch (err) {
      if (stream) await closeAndRemove(stream, part).catch(() => undefined)
      const reason = err instanceof Error ? err.message.slice(0, 300) : 'export failed'
      console.error(`[export-worker] job ${job.id} failed:`, reason)
      const [failed] = await db
        .update(exportJobs)
        .set({
          status: ExportStatus.Failed,
          failureReason: reason,
          finishedAt: clock.now(),
          claimedBy: null,
        })
        .where(this.#mine(job.id))
        .returning({ id: exportJobs.id })
        .catch(() => [])
      if (failed) await this.#push(job.userId, job.id, ExportStatus.Failed).catch(() => undefined)
      return 'failed'
    }
  }

  #mine(jobId: number) {
    return and(
      eq(exportJobs.id, jobId),
      eq(exportJobs.claimedBy, this.id),
      eq(exportJobs.status, ExportStatus.Processing),
    )
  }

  async #heartbeat(jobId: number, progress: number, written: number): Promise<boolean> {
    const rows = await this.deps.db
      .update(exportJobs)
      .set({ heartbeatAt: this.deps.clock.now(), progress, recordCount: written })
      .where(this.#mine(jobId))
      .returning({ id: exportJobs.id })
    return rows.length > 0
  }

  async #release(jobId: number): Promise<void> {
    await this.deps.db
      .update(exportJobs)
      .set({ status: ExportStatus.Queued, claimedBy: null, progress: 0, recordCount: 0 })
      .where(this.#mine(jobId))
  }

  async #push(userId: number, jobId: number, status: ExportStatus): Promise<void> {
    const data: ExportFinishedPush = { record_id: String(jobId), status }
    await notifyEarnEvent(this.deps.db, { user_id: userId, topic: EarnPrivateTopic.Export, data })
  }
}

/** Writes and waits for the stream to drain, so a slow disk never buffers a whole export. */
async function write(stream: WriteStream, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain')
}

async function closeAndRemove(stream: WriteStream, path: string): Promise<void> {
  if (!stream.closed) {
    stream.end()
    await once(stream, 'close')
  }
  await rm(path, { force: true })
}

/** Starts a worker for the server; returns the stop function. */
export function startExportWorker(
  deps: ExportWorkerDeps,
  options: Partial<ExportWorkerOptions> = {},
): () => Promise<void> {
  const worker = new ExportWorker(deps, options)
  worker.start()
  return () => worker.stop()
}
