import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

/** Exchange accounts (spec §3 user profile). Ids start above the seeded demo ids. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 200001 }),
    username: text('username').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    /** scrypt$N$r$p$salt$hash; null for accounts created by Telegram login. */
    passwordHash: text('password_hash'),
    emailVerified: boolean('email_verified').notNull().default(false),
    mobileVerified: boolean('mobile_verified').notNull().default(false),
    hasGoogle2fa: boolean('has_google2fa').notNull().default(false),
    /** ISO 3166-1 alpha-2, upper case; '' when unknown. */
    countryCode: text('country_code').notNull().default(''),
    lang: text('lang').notNull().default('en'),
    parentMemberId: integer('parent_member_id'),
    /** UserStatus in contract/identity.schema.ts. */
    status: integer('status').notNull().default(1),
    isVip: boolean('is_vip').notNull().default(false),
    vipLabelLevel: integer('vip_label_level').notNull().default(0),
    /** KYC applicant level (spec §3): 0, 1 or 2. */
    kycLevel: integer('kyc_level').notNull().default(0),
    /**
     * The country the KYC check verified (ISO alpha-2), set with the KYC level; null before
     * KYC. The compliance wall reads this, not the self-declared country_code.
     */
    kycCountryCode: text('kyc_country_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Emails are compared case-insensitively; stored lower case.
    uniqueIndex('users_email_unique')
      .on(t.email)
      .where(sql`${t.email} is not null`),
    uniqueIndex('users_username_unique').on(t.username),
  ],
)

/** Risk and product tags on a user (e.g. 'tag_blocked': cannot buy, spec §6). */
export const userTags = pgTable(
  'user_tags',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tag] })],
)

/** Server-side sessions; the cookie carries a random token, the row keeps only its HMAC. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** 'password' | 'telegram' */
    method: text('method').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/**
 * Single-use tickets that open a realtime_w socket for a session (docs/security.md, "Sockets on
 * another host"): only the HMAC of a ticket is stored; a ticket lives SOCKET_TICKET_TTL_MS.
 */
export const socketTickets = pgTable(
  'socket_tickets',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('socket_tickets_expires_idx').on(t.expiresAt),
    index('socket_tickets_session_idx').on(t.sessionId),
  ],
)

/** Telegram user ↔ exchange user, created at the first mini-app launch. */
export const telegramLinks = pgTable(
  'telegram_links',
  {
    telegramUserId: bigint('telegram_user_id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    telegramUsername: text('telegram_username'),
    firstName: text('first_name').notNull().default(''),
    /** Telegram's photo_url of the user, when the client sent one (kept in sync at each login). */
    photoUrl: text('photo_url'),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('telegram_links_user_unique').on(t.userId)],
)

/** Failed login attempts, per key ('account:<email>' or 'ip:<addr>'), shared by every server. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_failures_key_idx').on(t.key, t.failedAt)],
)
