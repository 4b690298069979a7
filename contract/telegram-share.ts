// Wire names of sharing a product and of invitations (docs/telegram.md "Share and
// invitations"). Plain constants, no runtime dependency.

/** Earn calls (POST under /x-api/s1/byfi). */
export const TelegramShareCall = {
  /** Who invited the user and how many the user invited (settings). */
  GetInvitations: 'get-invitations',
  /** savePreparedInlineMessage for a product card; the client passes its id to shareMessage. */
  PrepareShare: 'prepare-share',
} as const
