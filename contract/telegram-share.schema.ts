import { z } from 'zod'
import { productId } from './earn.schema'

export const getInvitationsRequest = z.object({}).strict()
export const invitations = z.object({
  /** The member whose invitation created this account (parent_member_id), or null. */
  invited_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Accounts created through this user's invitations. */
  invited_count: z.number().int().nonnegative(),
})
export type Invitations = z.infer<typeof invitations>

export const prepareShareRequest = z
  .object({
    product_id: productId,
    /** The app's language, for the card's texts. */
    language: z.string().min(2).max(16).optional(),
  })
  .strict()
export const prepareShareResponse = z.object({
  /** PreparedInlineMessage.id, for shareMessage (web_app_send_prepared_message). */
  prepared_message_id: z.string(),
  /** The link in the card: t.me/<bot>/<app>?startapp=ref-<user>_product_<id>. */
  link: z.string(),
})
export type PrepareShareResponse = z.infer<typeof prepareShareResponse>
