import type { QueryClient } from '@tanstack/react-query'
import type { LoginResult } from '../../../../contract/identity.schema'
import { apiRequest } from '../../../lib/http/api-client'
import { clearProfileCache } from '../../../lib/http/profile-client'
import { RequestError } from '../../../lib/http/request-error'
import { telegramLoginState } from '../../../lib/telegram/telegram-login-state'
import { holdSessionUntil } from '../session-ready'

export const TELEGRAM_LOGIN_PATH = '/v1/auth/telegram'
export const TELEGRAM_LOGIN_DONE_KEY = 'earn/telegram-login'

/** Sends initData exactly as Telegram sent it: re-serialising it would break the signature. */
export const loginWithTelegram = (initDataRaw: string) =>
  apiRequest<LoginResult>('POST', TELEGRAM_LOGIN_PATH, { init_data: initDataRaw })

/**
 * Logs the mini-app user in at start; user-dependent queries wait for it, then read again.
 * A refused initData leaves the visitor logged out instead of breaking the page; the Telegram
 * shell reads telegramLoginState to explain it and offer a retry.
 */
export function startTelegramLogin(
  initDataRaw: string,
  queryClient: QueryClient,
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
): Promise<void> {
  // Once per mini-app session (tab): a later email login in the same tab is not overridden.
  if (storage.getItem(TELEGRAM_LOGIN_DONE_KEY) === initDataRaw) {
    telegramLoginState.status = 'done'
    return Promise.resolve()
  }
  telegramLoginState.status = 'pending'
  const done = loginWithTelegram(initDataRaw).then(
    () => {
      storage.setItem(TELEGRAM_LOGIN_DONE_KEY, initDataRaw)
      Object.assign(telegramLoginState, { status: 'done', reason: '', code: 0 })
      clearProfileCache()
      void queryClient.invalidateQueries()
    },
    (err: unknown) => {
      console.warn('[auth] telegram login refused', err)
      Object.assign(telegramLoginState, {
        status: 'refused',
        reason: err instanceof Error ? err.message : String(err),
        code: err instanceof RequestError ? err.code : 0,
      })
    },
  )
  holdSessionUntil(done)
  return done
}
