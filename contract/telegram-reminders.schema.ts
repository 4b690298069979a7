import { z } from 'zod'
import { productId } from './earn.schema'
import { ReminderEvent } from './telegram-reminders'

const reminderEvent = z.enum([ReminderEvent.Open, ReminderEvent.Quota])

export const setReminderRequest = z
  .object({
    product_id: productId,
    /** The app's language, for the bot's texts (as set-notifications). */
    language: z.string().min(2).max(16).optional(),
  })
  .strict()
export const removeReminderRequest = z.object({ product_id: productId }).strict()
export const listRemindersRequest = z.object({}).strict()

export const reminder = z.object({
  product_id: z.string(),
  coin: z.string(),
  product_type: z.number().int(),
  /** What the reminder waits for (chosen by the server from the product's state). */
  event: reminderEvent,
  /** Unix seconds the reminder was set. */
  created_at: z.number().int(),
})
export type Reminder = z.infer<typeof reminder>
export const reminders = z.object({ list: z.array(reminder) })
export type Reminders = z.infer<typeof reminders>
