import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Database } from '../db/client'
import { botOutbox, notificationPrefs } from '../db/schema'
import { QueueLoop } from '../jobs/queue-loop'
import { rowsOf } from '../db/rows'
import { BotApiError, type BotApi } from './bot-api'
import { appText, botText, type BotTextKey } from './bot-texts'
import { webAppUrl } from './mini-app-links'
import { OutboxStatus, setNotifications, type NotificationKind } from './notifications'

export type OutboxSenderOptions = {
  pollMs: number
  /** A claim older than this belongs to a server that died. */
  leaseMs: number
  /** Sends tried per message before it is given up (failed). */
  maxAttempts: number
  /** Backoff after a 5xx or no answer: base × 2^(attempts-1), at most maxBackoffMs. */
  backoffMs: number
  maxBackoffMs: number
}
export const DEFAULT_OUTBOX_OPTIONS: OutboxSenderOptions = {
  pollMs: 2_000,
  leaseMs: 60_000,
  maxAttempts: 8,
  backoffMs: 5_000,
  maxBackoffMs: 3_600_000,
}

export type OutboxSenderDeps = { db: Database; clock: Clock; bot: BotApi; origin: string }

const TEXT: Record<NotificationKind, BotTextKey> = {
  matured: 'matured',
  dual_settled: 'dualSettled',
  dual_refunded: 'dualRefunded',
  yield_claimable: 'yieldClaimable',
  export_ready: 'exportReady',
  reminder_open: 'reminderOpen',
  reminder_quota: 'reminderQuota',
}

/** The button under each kind's message. */
const BUTTON: Record<NotificationKind, BotTextKey> = {
  matured: 'openPosition',
  dual_settled: 'openPosition',
  dual_refunded: 'openPosition',
  yield_claimable: 'openPosition',
  export_ready: 'openExport',
  reminder_open: 'openProduct',
  reminder_quota: 'openProduct',
}

/** The text's variables: a reminder names its product type in the user's language. */
const textParams = (language: string, params: Record<string, string>) =>
  params.product_type === undefined
    ? params
    : { ...params, product: appText(language, `products.types.${params.product_type}`) }

type OutboxRow = typeof botOutbox.$inferSelect
export type SendOutcome = 'sent' | 'retry' | 'failed' | 'cancelled' | 'lost'

/**
 * Sends the outbox: claims one row at a time (FOR UPDATE SKIP LOCKED, so N servers share the
 * queue), marks the send as started, calls sendMessage once, and records the outcome. A server
 * dying mid-send leaves a started row that nobody resends (status uncertain): a message is
 * sent at most once, and only a crash inside the one HTTP call can lose it.
 */
export class OutboxSender {
  readonly id = `bot-${process.pid}-${randomBytes(4).toString('hex')}`
  readonly options: OutboxSenderOptions
  readonly #loop: QueueLoop

  constructor(
    private readonly deps: OutboxSenderDeps,
    options: Partial<OutboxSenderOptions> = {},
  ) {
    this.options = { ...DEFAULT_OUTBOX_OPTIONS, ...options }
    this.#loop = new QueueLoop('bot-outbox', this.options.pollMs, async () => {
      const row = await this.claim()
      if (row) await this.send(row)
      return !!row
    })
  }

  async claim(): Promise<OutboxRow | null> {
    const now = this.deps.clock.now()
    const stale = new Date(now.getTime() - this.options.leaseMs).toISOString()
    // Lapsed claims whose send had started: maybe delivered, so never sent again.
    await this.deps.db.execute(sql`
      update bot_outbox set status = ${OutboxStatus.Uncertain}, claimed_by = null
       where status = ${OutboxStatus.Claimed} and claimed_at < ${stale}
         and send_started_at is not null`)
    const result = await this.deps.db.execute(sql`
      update bot_outbox
         set status = ${OutboxStatus.Claimed}, claimed_by = ${this.id},
             claimed_at = ${now.toISOString()}, attempts = attempts + 1
       where id = (
         select id from bot_outbox
          where (status = ${OutboxStatus.Queued} and next_attempt_at <= ${now.toISOString()})
             or (status = ${OutboxStatus.Claimed} and claimed_at < ${stale}
                 and send_started_at is null)
          order by id
          limit 1
          for update skip locked)
      returning id`)
    const [claimed] = rowsOf<{ id: number | string }>(result)
    if (!claimed) return null
    const [row] = await this.deps.db
      .select()
      .from(botOutbox)
      .where(eq(botOutbox.id, Number(claimed.id)))
    return row ?? null
  }

  /** Sends claimed rows until none is due (or stopping); returns how many were handled. */
  drain(): Promise<number> {
    return this.#loop.drain()
  }

  async send(row: OutboxRow): Promise<SendOutcome> {
    const { db, clock, bot, origin } = this.deps
    const mine = and(
      eq(botOutbox.id, row.id),
      eq(botOutbox.claimedBy, this.id),
      eq(botOutbox.status, OutboxStatus.Claimed),
    )
    // Start only while the user is still opted in; the opt-out cancels what has not started.
    const [started] = await db
      .update(botOutbox)
      .set({ sendStartedAt: clock.now() })
      .where(
        and(
          mine,
          sql`exists (select 1 from notification_prefs p
                       where p.user_id = ${botOutbox.userId} and p.enabled)`,
        ),
      )
      .returning({ id: botOutbox.id })
    if (!started) {
      const [cancelled] = await db
        .update(botOutbox)
        .set({ status: OutboxStatus.Cancelled, claimedBy: null })
        .where(mine)
        .returning({ id: botOutbox.id })
      return cancelled ? 'cancelled' : 'lost'
    }
    const [prefs] = await db
      .select({ language: notificationPrefs.language })
      .from(notificationPrefs)
      .where(eq(notificationPrefs.userId, row.userId))
    const language = prefs?.language ?? 'en'
    const kind = row.kind as NotificationKind
    const button = botText(language, BUTTON[kind])
    try {
      await bot.sendMessage(
        {
          chat_id: row.chatId,
          text: botText(language, TEXT[kind], textParams(language, row.params)),
          reply_markup: {
            inline_keyboard: [[{ text: button, web_app: { url: webAppUrl(origin, row.path) } }]],
          },
        },
        0,
      )
    } catch (err) {
      return this.#failed(row, mine, err)
    }
    await db
      .update(botOutbox)
      .set({ status: OutboxStatus.Sent, sentAt: clock.now(), claimedBy: null, lastError: null })
      .where(eq(botOutbox.id, row.id))
    return 'sent'
  }

  async #failed(row: OutboxRow, mine: ReturnType<typeof and>, err: unknown): Promise<SendOutcome> {
    const e = err instanceof BotApiError ? err : new BotApiError('sendMessage', 0, String(err))
    const now = this.deps.clock.now().getTime()
    const giveUp = !e.retryable || row.attempts >= this.options.maxAttempts
    const delay =
      e.retryAfterS !== undefined
        ? e.retryAfterS * 1000
        : Math.min(this.options.maxBackoffMs, this.options.backoffMs * 2 ** (row.attempts - 1))
    console.warn(`[bot-outbox] message ${row.id}: ${e.message}${giveUp ? ' (giving up)' : ''}`)
    await this.deps.db
      .update(botOutbox)
      .set({
        status: giveUp ? OutboxStatus.Failed : OutboxStatus.Queued,
        claimedBy: null,
        sendStartedAt: null,
        nextAttemptAt: new Date(now + delay),
        lastError: e.message.slice(0, 300),
      })
      .where(mine)
    // 403: the user blocked the bot (or deleted their account): nothing can reach them, so
    // their notifications go off, as if they had opted out, instead of failing every event.
    if (e.status === 403)
      await setNotifications(this.deps.db, row.userId, false, undefined, this.deps.clock.now())
    return giveUp ? 'failed' : 'retry'
  }

  start(): void {
    this.#loop.start()
  }

  /** Stops after the message being sent (its outcome is recorded). */
  stop(): Promise<void> {
    return this.#loop.stop()
  }
}
