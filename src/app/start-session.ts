import type { QueryClient } from '@tanstack/react-query'
import { readTelegramLaunch } from '../lib/platform/telegram-launch'

/**
 * Inside the mini-app the user is logged in automatically with Telegram's signed initData. Its
 * own chunk, loaded inside Telegram only (app.tsx holds user-dependent queries until it is done).
 */
export async function startTelegramSession(queryClient: QueryClient): Promise<void> {
  const initDataRaw = readTelegramLaunch(location.hash)?.initDataRaw
  if (!initDataRaw) return
  const { startTelegramLogin } = await import('../features/auth/api/telegram-login')
  await startTelegramLogin(initDataRaw, queryClient)
}
