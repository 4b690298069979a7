// Wire names of "Remind me" (issue 27 item 3, docs/telegram.md "Reminders"). Plain constants,
// no runtime dependency.

/** Earn calls (POST under /x-api/s1/byfi). */
export const TelegramReminderCall = {
  Set: 'set-reminder',
  Remove: 'remove-reminder',
  List: 'list-reminders',
} as const

/**
 * What a reminder waits for: `open` — a product that has not started (card status NotStarted)
 * opens; `quota` — a sold-out product has quota again.
 */
export const ReminderEvent = { Open: 'open', Quota: 'quota' } as const
export type ReminderEvent = (typeof ReminderEvent)[keyof typeof ReminderEvent]

/** Reminders one user may hold at once (set-reminder beyond it answers 10001). */
export const MAX_REMINDERS_PER_USER = 20
