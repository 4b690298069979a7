import { withTelegram } from './telegram-sdk'

/** Haptic notification for an outcome (order success or failure); nothing on the web. */
export const hapticOutcome = (ok: boolean) =>
  withTelegram(({ hapticFeedback }) =>
    hapticFeedback.notificationOccurred.ifAvailable(ok ? 'success' : 'error'),
  )

/** Haptic tick for a selection change (chips, tabs, selects); nothing on the web. */
export const hapticSelection = () =>
  withTelegram(({ hapticFeedback }) => hapticFeedback.selectionChanged.ifAvailable())
