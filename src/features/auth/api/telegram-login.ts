import type { QueryClient } from '@tanstack/react-query'
import type { LoginResult } from '../../../../contract/identity.schema'
import { apiRequest } from '../../../lib/http/api-client'
import { clearProfileCache } from '../../../lib/http/profile-client'
import { Backoff } from '../../../lib/backoff/backoff'
import { GatewayError, RequestError } from '../../../lib/http/request-error'
import { telegramLoginState } from '../../../lib/telegram/telegram-login-state'
import { appLive } from '../../../lib/platform/app-live'
import { holdSessionUntil } from '../session-ready'

export const TELEGRAM_LOGIN_PATH = '/v1/auth/telegram'
export const TELEGRAM_LOGIN_DONE_KEY = 'earn/telegram-login'

/** Sends initData exactly as Telegram sent it: re-serialising it would break the signature. */
export const loginWithTelegram = (initDataRaw: string) =>
  apiRequest<LoginResult>('POST', TELEGRAM_LOGIN_PATH, { init_data: initDataRaw })

/** The server answered and said no (initData expired, invalid, rate limited…). */
const isRefusal = (err: unknown): err is RequestError =>
  err instanceof RequestError && !(err instanceof GatewayError) && err.code > 0

/**
 * Logs the mini-app user in at start; user-dependent queries wait for it, then read again.
 * A refused initData leaves the visitor logged out instead of breaking the page; the Telegram
 * shell reads telegramLoginState to explain it and offer a retry. No answer at all (network,
 * gateway) is retried by itself with the request hook's backoff.
 */
export function startTelegramLogin(
  initDataRaw: string,
  queryClient: QueryClient,
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  // The request hook's retry delays (spec §9): 1 s doubling to 30 s.
  retry = new Backoff({ minMs: 1000, maxMs: 30_000 }),
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
      Object.assign(telegramLoginState, { status: 'done', reason: '', code: 0, reasonCode: '' })
      clearProfileCache()
      // The page's data again, for this user: once live, not while the view is hydrated.
      void appLive().then(() => queryClient.invalidateQueries())
    },
    (err: unknown) => {
      // No answer (network, gateway): not a refusal; try again by itself, quietly.
      if (!isRefusal(err)) {
        console.warn('[auth] telegram login failed, retrying', err)
        setTimeout(
          () => void startTelegramLogin(initDataRaw, queryClient, storage, retry),
          retry.duration(),
        )
        return
      }
      console.warn('[auth] telegram login refused', err)
      Object.assign(telegramLoginState, {
        status: 'refused',
        reason: err.message,
        code: err.code,
        reasonCode: String((err.response as { ext_code?: unknown } | undefined)?.ext_code ?? ''),
      })
    },
  )
  holdSessionUntil(done)
  return done
}
