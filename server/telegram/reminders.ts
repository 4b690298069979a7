import { and, asc, count, eq, sql } from 'drizzle-orm'
import { startParamFor } from '../../contract/start-param'
import {
  MAX_REMINDERS_PER_USER,
  ReminderEvent,
  TelegramReminderCall as Call,
} from '../../contract/telegram-reminders'
import type { Reminders } from '../../contract/telegram-reminders.schema'
import { ProductCardStatus } from '../../contract/enums'
import type { Database } from '../db/client'
import { notificationPrefs, products, reminders, telegramLinks } from '../db/schema'
import type { AppContext } from '../deps'
import { requireUser, type CurrentUser } from '../http/auth'
import { earnCall } from '../http/earn-call'
import { ApiError, RetCode } from '../http/errors'
import { productOrThrow } from '../modules/earn/catalogue'
import { assertReleased } from '../modules/earn/gray-release'
import { toUnix } from '../modules/earn/money'
import { rowsOf } from '../db/rows'
import { cardStatusOf } from '../modules/earn/product-status'
import { botLanguage } from './bot-texts'
import { enqueueNotification } from './notifications'

// "Remind me" (issue 27 item 3, docs/telegram.md "Reminders"): a reminder waits for a product
// that has not started to open, or for a sold-out one to have quota again; the earn jobs send
// it once through the bot's outbox.

/** Reminders taken per transaction by one pass (SKIP LOCKED: servers take disjoint batches). */
const BATCH = 500

async function listOf(db: Database, userId: number): Promise<Reminders> {
  const rows = await db
    .select({
      product_id: reminders.productId,
      coin: products.coin,
      product_type: products.productType,
      event: reminders.event,
      createdAt: reminders.createdAt,
    })
    .from(reminders)
    .innerJoin(products, eq(products.id, reminders.productId))
    .where(eq(reminders.userId, userId))
    .orderBy(asc(reminders.createdAt), asc(reminders.id))
  return {
    list: rows.map(({ createdAt, event, ...r }) => ({
      ...r,
      event: event as ReminderEvent,
      created_at: toUnix(createdAt),
    })),
  }
}

/** The event a product's reminder waits for now, or null when it has none to wait for. */
function eventOf(product: Parameters<typeof cardStatusOf>[0], now: Date): ReminderEvent | null {
  switch (cardStatusOf(product, now)) {
    case ProductCardStatus.NotStarted:
      return ReminderEvent.Open
    case ProductCardStatus.Soldout:
      return ReminderEvent.Quota
    default:
      return null
  }
}

/**
 * Sets a reminder. It is a message from the bot the user asks for (the client asked Telegram
 * for write access first), so it also turns the user's bot notifications on, in its language.
 */
async function setReminder(
  db: Database,
  user: CurrentUser,
  productId: string,
  language: string | undefined,
  now: Date,
): Promise<void> {
  const product = await productOrThrow(db, productId)
  // A product the user's gray-release stage leaves out is refused as its page is (334).
  await assertReleased(db, product.productType, user)
  const userId = user.id
  const event = eventOf(product, now)
  if (!event)
    throw new ApiError(
      RetCode.InvalidRequest,
      'product_id: the product is open, nothing to wait for',
    )
  await db.transaction(async (tx) => {
    const [held] = await tx
      .select({
        n: count(),
        same: sql<number>`count(*) filter (where ${reminders.productId} = ${productId})`,
      })
      .from(reminders)
      .where(eq(reminders.userId, userId))
    // Setting a reminder again is no new one (the unique row stays): only new ones count.
    if (Number(held?.same ?? 0) === 0 && (held?.n ?? 0) >= MAX_REMINDERS_PER_USER)
      throw new ApiError(
        RetCode.InvalidRequest,
        `at most ${MAX_REMINDERS_PER_USER} reminders: remove one in settings first`,
      )
    await tx
      .insert(reminders)
      .values({ userId, productId, event, createdAt: now })
      .onConflictDoNothing()
    const lng = language === undefined ? undefined : botLanguage(language)
    await tx
      .insert(notificationPrefs)
      .values({ userId, enabled: true, language: lng ?? 'en', updatedAt: now })
      .onConflictDoUpdate({
        target: notificationPrefs.userId,
        set: { enabled: true, updatedAt: now, ...(lng ? { language: lng } : {}) },
      })
  })
}

type DueReminder = {
  id: number | string
  user_id: number
  product_id: string
  event: string
  coin: string
  product_type: number
}

/**
 * The earn jobs' pass: every reminder whose product is open for subscription now (started, not
 * ended, online, quota left) is deleted and its message queued in the same transaction, so it
 * is sent once whichever server runs the pass, and never after the reminder was removed. Users
 * with notifications off get nothing (enqueueNotification), and their reminder is spent too.
 * Returns how many reminders came due.
 */
export async function runReminders(db: Database, now: Date): Promise<number> {
  let total = 0
  for (;;) {
    const due = await db.transaction(async (tx) => {
      const rows = rowsOf<DueReminder>(
        await tx.execute(sql`
          delete from reminders r using products p
           where r.id in (
                   select r2.id from reminders r2
                     join products p2 on p2.id = r2.product_id
                    where p2.offline = 0
                      and p2.subscribe_start_at <= ${now.toISOString()}::timestamptz
                      and (p2.subscribe_end_at is null
                           or p2.subscribe_end_at > ${now.toISOString()}::timestamptz)
                      and p2.remaining_quota > 0
                    order by r2.id
                    limit ${BATCH}
                    for update of r2 skip locked)
             and p.id = r.product_id
          returning r.id, r.user_id, r.product_id, r.event, p.coin, p.product_type`),
      )
      for (const r of rows)
        await enqueueNotification(tx, {
          userId: r.user_id,
          kind: r.event === ReminderEvent.Open ? 'reminder_open' : 'reminder_quota',
          params: { coin: r.coin, product_type: String(r.product_type) },
          dedupeKey: `reminder:${r.id}`,
          now,
          page: startParamFor('product', r.product_id),
        })
      return rows.length
    })
    total += due
    if (due < BATCH) return total
  }
}

/** set-reminder, remove-reminder, list-reminders. */
export function telegramReminderCalls(deps: Pick<AppContext, 'db' | 'clock'>) {
  const { db, clock } = deps
  return [
    earnCall(Call.List, async (_req, c) => listOf(db, (await requireUser(c)).id)),
    earnCall(Call.Set, async (req, c) => {
      const user = await requireUser(c)
      const [link] = await db
        .select({ id: telegramLinks.telegramUserId })
        .from(telegramLinks)
        .where(eq(telegramLinks.userId, user.id))
      if (!link)
        throw new ApiError(
          RetCode.NoPermission,
          'reminders come through the Telegram bot: open Earn in Telegram first',
        )
      await setReminder(db, user, req.product_id, req.language, clock.now())
      return listOf(db, user.id)
    }),
    earnCall(Call.Remove, async (req, c) => {
      const user = await requireUser(c)
      await db
        .delete(reminders)
        .where(and(eq(reminders.userId, user.id), eq(reminders.productId, req.product_id)))
      return listOf(db, user.id)
    }),
  ]
}
