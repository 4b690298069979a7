import type { QueryClient } from '@tanstack/react-query'
import { holdSessionUntil } from '../features/auth/session-ready'
import { platformStore } from '../lib/platform/platform-store'
import { readTelegramLaunch } from '../lib/platform/telegram-launch'

/** Inside the mini-app the user is logged in automatically with Telegram's signed initData. */
export function startSession(queryClient: QueryClient): void {
  if (!platformStore.telegram) return
  const launch = readTelegramLaunch(location.hash)
  const initDataRaw = launch?.initDataRaw
  if (!initDataRaw) return
  // User-dependent queries wait for this; the login code loads only inside Telegram.
  holdSessionUntil(
    import('../features/auth/api/telegram-login').then((m) =>
      m.startTelegramLogin(initDataRaw, queryClient),
    ),
  )
}
