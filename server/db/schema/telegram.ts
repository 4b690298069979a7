import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { products } from './earn'
import { users } from './identity'

// The bot's side of a user: notification opt-in, the notification outbox, biometric keys.

const at = (name: string) => timestamp(name, { withTimezone: true })

/** Bot notifications: opt-in per user (no row = off); the language their texts use. */
export const notificationPrefs = pgTable('notification_prefs', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  /** A locale folder (en, ar-SA, ru-RU, …). */
  language: text('language').notNull().default('en'),
  updatedAt: at('updated_at').notNull(),
})

/**
 * Bot messages to send, each written in the transaction of its event. The sender claims rows
 * with SKIP LOCKED; status: 0 queued, 1 claimed, 2 sent, 3 failed, 4 cancelled (opt-out),
 * 5 uncertain (a server died during the send: not resent, so never twice).
 */
export const botOutbox = pgTable(
  'bot_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    /** matured | dual_settled | dual_refunded | yield_claimable | export_ready */
    kind: text('kind').notNull(),
    /** The text's variables (coin, amount). */
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    /** Mini-app path the message's web_app button opens. */
    path: text('path').notNull(),
    /** One row per event even if its code ran twice (e.g. matured:<position id>). */
    dedupeKey: text('dedupe_key').notNull().unique(),
    status: integer('status').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull(),
    claimedBy: text('claimed_by'),
    claimedAt: at('claimed_at'),
    /** Set just before the HTTP call: a lapsed claim with it set may have been delivered. */
    sendStartedAt: at('send_started_at'),
    sentAt: at('sent_at'),
    lastError: text('last_error'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('bot_outbox_queue_idx')
      .on(t.status, t.nextAttemptAt, t.id)
      .where(sql`status in (0, 1)`),
    index('bot_outbox_user_idx').on(t.userId, t.status),
  ],
)

/**
 * Biometric confirmation keys, one per enrolled device (Telegram biometry token). While a user
 * has any, money moves need confirm = HMAC-SHA256(key, biometricMessage(challenge, call, body))
 * from one of them.
 */
export const biometricKeys = pgTable(
  'biometric_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    /**
     * The HMAC key the device keeps behind its biometrics (32 random bytes), sealed with
     * AES-256-GCM under BIOMETRY_KEY_SECRET (server/telegram/biometry-vault.ts): `g1.<iv>.<ct>`.
     */
    secret: text('secret').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceId] })],
)

/**
 * Single-use challenges for biometric confirmations (get-biometry-challenge), by the SHA-256 of
 * the challenge: a confirmed call deletes its row (DELETE … RETURNING, once across servers).
 */
export const biometricChallenges = pgTable(
  'biometric_challenges',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('biometric_challenges_user_idx').on(t.userId, t.createdAt)],
)

/**
 * Webhook updates already handled, by Telegram's update_id: Telegram redelivers an update it
 * believes failed (a timeout, a restart mid-answer), possibly to another server, and the user
 * must get one reply. Rows older than a day are dropped (Telegram keeps updates 24 h).
 */
export const telegramUpdates = pgTable('telegram_updates', {
  updateId: bigint('update_id', { mode: 'number' }).primaryKey(),
  receivedAt: at('received_at').notNull(),
})

/**
 * "Remind me" (docs/telegram.md "Reminders"): one row per user, product and event (open |
 * quota). The earn jobs delete the rows whose event came and queue their bot messages in the
 * same transaction, so each is sent at most once across servers and restarts.
 */
export const reminders = pgTable(
  'reminders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** ReminderEvent (contract/telegram-reminders.ts): open | quota. */
    event: text('event').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('reminders_user_product_event_idx').on(t.userId, t.productId, t.event),
    index('reminders_product_idx').on(t.productId),
  ],
)
