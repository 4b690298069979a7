import { sql } from 'drizzle-orm'
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

// Bill export jobs: one row per request; the worker claims queued rows with SKIP LOCKED.

const at = (name: string) => timestamp(name, { withTimezone: true })

export const exportJobs = pgTable(
  'export_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    submitAt: at('submit_at').notNull(),
    /** ExportStatus (contract/export.schema.ts). */
    status: integer('status').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    recordCount: integer('record_count').notNull().default(0),
    /** Runs started (a retry or a takeover after a crash adds one). */
    attempts: integer('attempts').notNull().default(0),
    /** The worker holding the job while processing; its lease is heartbeat_at. */
    claimedBy: text('claimed_by'),
    heartbeatAt: at('heartbeat_at'),
    finishedAt: at('finished_at'),
    failureReason: text('failure_reason'),
    /** File name under DATA_DIR/exports once success. */
    fileName: text('file_name'),
    /** Hidden from the list (the user deleted it); kept so the daily limit still counts it. */
    deletedAt: at('deleted_at'),
  },
  (t) => [
    index('export_jobs_user_idx').on(t.userId, t.id),
    index('export_jobs_queue_idx')
      .on(t.status, t.id)
      .where(sql`status in (0, 1)`),
  ],
)
