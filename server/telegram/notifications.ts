import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { botOutbox, notificationPrefs, telegramLinks } from '../db/schema'
import type { Executor } from '../modules/earn/money'
import { botLanguage } from './bot-texts'
import { pathForPayload } from './mini-app-links'

export const OutboxStatus = {
  Queued: 0,
  Claimed: 1,
  Sent: 2,
  Failed: 3,
  Cancelled: 4,
  Uncertain: 5,
} as const

export type NotificationKind =
  | 'matured'
  | 'dual_settled'
  | 'dual_refunded'
  | 'yield_claimable'
  | 'export_ready'
  | 'reminder_open'
  | 'reminder_quota'

/** The mini-app page each kind's button opens (start_param routes of tma.config.json). */
const PAGE: Record<NotificationKind, string> = {
  matured: 'my-earn',
  dual_settled: 'my-earn',
  dual_refunded: 'my-earn',
  yield_claimable: 'my-earn',
  export_ready: 'export',
  // Reminders name their product's page (Notification.page).
  reminder_open: 'home',
  reminder_quota: 'home',
}

export type Notification = {
  userId: number
  kind: NotificationKind
  params: Record<string, string>
  /** Unique per event: a second write of the same event is ignored. */
  dedupeKey: string
  now: Date
  /** The start_param payload of the button's page, when not the kind's own (a product's). */
  page?: string
}

/**
 * Queues a bot message in the caller's transaction (so it exists if and only if the event
 * commits). Nothing is queued for users who have not opted in or have no Telegram account.
 */
export async function enqueueNotification(tx: Executor, n: Notification): Promise<boolean> {
  const [target] = await tx
    .select({ chatId: telegramLinks.telegramUserId })
    .from(notificationPrefs)
    .innerJoin(telegramLinks, eq(telegramLinks.userId, notificationPrefs.userId))
    .where(and(eq(notificationPrefs.userId, n.userId), eq(notificationPrefs.enabled, true)))
  if (!target) return false
  const rows = await tx
    .insert(botOutbox)
    .values({
      userId: n.userId,
      chatId: target.chatId,
      kind: n.kind,
      params: n.params,
      path: pathForPayload(n.page ?? PAGE[n.kind]),
      dedupeKey: n.dedupeKey,
      nextAttemptAt: n.now,
      createdAt: n.now,
    })
    .onConflictDoNothing({ target: botOutbox.dedupeKey })
    .returning({ id: botOutbox.id })
  return rows.length > 0
}

export type NotificationSettings = { enabled: boolean; language: string; telegram_linked: boolean }

export async function notificationSettings(
  db: Executor,
  userId: number,
): Promise<NotificationSettings> {
  const [prefs] = await db
    .select()
    .from(notificationPrefs)
    .where(eq(notificationPrefs.userId, userId))
  const [link] = await db
    .select({ id: telegramLinks.telegramUserId })
    .from(telegramLinks)
    .where(eq(telegramLinks.userId, userId))
  return {
    enabled: prefs?.enabled ?? false,
    language: prefs?.language ?? 'en',
    telegram_linked: !!link,
  }
}

/**
 * Opt in or out. Opting out cancels, in the same transaction, every message not yet handed to
 * Telegram, so none is sent after it.
 */
export async function setNotifications(
  db: Database,
  userId: number,
  enabled: boolean,
  language: string | undefined,
  now: Date,
): Promise<void> {
  const lng = language === undefined ? undefined : botLanguage(language)
  await db.transaction(async (tx) => {
    await tx
      .insert(notificationPrefs)
      .values({ userId, enabled, language: lng ?? 'en', updatedAt: now })
      .onConflictDoUpdate({
        target: notificationPrefs.userId,
        set: { enabled, updatedAt: now, ...(lng ? { language: lng } : {}) },
      })
    if (!enabled)
      await tx
        .update(botOutbox)
        .set({ status: OutboxStatus.Cancelled, claimedBy: null })
        .where(
          and(
            eq(botOutbox.userId, userId),
            inArray(botOutbox.status, [OutboxStatus.Queued, OutboxStatus.Claimed]),
            sql`${botOutbox.sendStartedAt} is null`,
          ),
        )
  })
}

/** A /start from the user: keep the texts in the language their Telegram app uses. */
export async function rememberLanguage(
  db: Database,
  telegramUserId: number,
  languageCode: string | undefined,
): Promise<void> {
  if (!languageCode) return
  await db.execute(sql`
    update notification_prefs set language = ${botLanguage(languageCode)}
     where user_id = (select user_id from telegram_links where telegram_user_id = ${telegramUserId})`)
}
