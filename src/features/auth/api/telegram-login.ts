import type { QueryClient } from '@tanstack/react-query'
import type { LoginResult } from '../../../../contract/identity.schema'
import { apiRequest } from '../../../lib/http/api-client'
import { clearProfileCache } from '../../../lib/http/profile-client'
import { Backoff } from '../../../lib/backoff/backoff'
import { extCodeOf, GatewayError, RequestError } from '../../../lib/http/request-error'
import { telegramLoginState } from '../../../lib/telegram/telegram-login-state'
import { appLive } from '../../../lib/platform/app-live'
import { platformStore } from '../../../lib/platform/platform-store'
import { loginRedirect } from '../../../lib/http/login-redirect'
import { readJson, tabStore, type SafeStorage } from '../../../lib/storage/safe-storage'
import {
  EMAIL_SESSION_IN_TAB_KEY,
  TELEGRAM_SESSION_KEY,
} from '../../../../contract/telegram-launch'
import { holdSessionUntil } from '../session-ready'
import { TELEGRAM_LOGIN_PATH } from '../../../../contract/paths'

type KeptSession = { initData: string; token: string }

/** After an email login inside Telegram: the tab goes on with it, not with Telegram's. */
export function preferEmailSessionInTab(storage: SafeStorage = tabStore): void {
  if (!platformStore.telegram) return
  storage.setItem(EMAIL_SESSION_IN_TAB_KEY, '1')
  storage.removeItem(TELEGRAM_SESSION_KEY)
  platformStore.userToken = ''
}

/** A second login after an expired session waits at least this long after the last one. */
export const TELEGRAM_RELOGIN_MIN_INTERVAL_MS = 30_000

/** Sends initData exactly as Telegram sent it: re-serialising it would break the signature. */
export const loginWithTelegram = (initDataRaw: string) =>
  apiRequest<LoginResult>('POST', TELEGRAM_LOGIN_PATH, { init_data: initDataRaw })

/** The server answered and said no (initData expired, invalid, rate limited…). */
const isRefusal = (err: unknown): err is RequestError =>
  err instanceof RequestError && !(err instanceof GatewayError) && err.code > 0

/**
 * Logs the mini-app user in at start; user-dependent queries wait for it, then read again.
 * The session travels as the UserToken header, never as a cookie the page depends on: Telegram
 * Web's cross-site frame neither stores nor sends one. The token is kept in the tab's store, so
 * a reload (of the frame, too) goes on with it instead of minting a new session.
 * A refused initData leaves the visitor logged out instead of breaking the page; the Telegram
 * shell reads telegramLoginState to explain it and offer a retry. No answer at all (network,
 * gateway) is retried by itself with the request hook's backoff.
 */
export function startTelegramLogin(
  initDataRaw: string,
  queryClient: QueryClient,
  storage: SafeStorage = tabStore,
  // The request hook's retry delays (spec §9): 1 s doubling to 30 s.
  retry = new Backoff({ minMs: 1000, maxMs: 30_000 }),
): Promise<void> {
  if (storage.getItem(EMAIL_SESSION_IN_TAB_KEY)) {
    telegramLoginState.status = 'done'
    return Promise.resolve()
  }
  installRelogin(initDataRaw, queryClient, storage)
  // Once per mini-app session (tab): the kept token goes on; a 10007 logs in again.
  const kept = readJson<KeptSession>(storage, TELEGRAM_SESSION_KEY)
  if (kept?.initData === initDataRaw && kept.token) {
    platformStore.userToken = kept.token
    telegramLoginState.status = 'done'
    return Promise.resolve()
  }
  telegramLoginState.status = 'pending'
  const done = loginWithTelegram(initDataRaw).then(
    (result) => {
      platformStore.userToken = result.token ?? ''
      storage.setItem(
        TELEGRAM_SESSION_KEY,
        JSON.stringify({ initData: initDataRaw, token: result.token ?? '' } satisfies KeptSession),
      )
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
        reasonCode: extCodeOf(err),
      })
    },
  )
  holdSessionUntil(done)
  return done
}

let lastRelogin = Number.NEGATIVE_INFINITY

/**
 * An expired or ended session inside Telegram (10007) logs in again with the launch's initData
 * instead of sending the user to a login page Telegram users never see; at most once per
 * TELEGRAM_RELOGIN_MIN_INTERVAL_MS, so a refused initData cannot loop.
 */
function installRelogin(initDataRaw: string, queryClient: QueryClient, storage: SafeStorage) {
  loginRedirect.relogin = async () => {
    if (Date.now() - lastRelogin < TELEGRAM_RELOGIN_MIN_INTERVAL_MS) return
    lastRelogin = Date.now()
    storage.removeItem(TELEGRAM_SESSION_KEY)
    platformStore.userToken = ''
    await startTelegramLogin(initDataRaw, queryClient, storage)
  }
}
