import { Hono, type Context } from 'hono'
import {
  loginRequest,
  registerRequest,
  telegramLoginRequest,
  type LoginResult,
} from '../../../contract/identity.schema'
import type { AppContext } from '../../deps'
import {
  clearSessionCookie,
  clientIp,
  createSession,
  deleteSession,
  optionalUser,
  setSessionCookie,
} from '../../http/auth'
import { envelope, readJson } from '../../http/envelope'
import { TelegramRefusal } from '../../../contract/ret-codes'
import { ApiError, RetCode } from '../../http/errors'
import {
  accountKey,
  assertLoginAllowed,
  clearLoginFailures,
  ipKey,
  recordLoginFailure,
} from '../../http/rate-limit'
import { authenticate, registerUser, userForTelegram } from './service'
import { checkInitData, INIT_DATA_EXPIRED } from './telegram-init-data'

/** Email/password and Telegram login (paths are ours: the spec does not show them). */
export function authRoutes({
  db,
  config,
  clock,
}: Pick<AppContext, 'db' | 'config' | 'clock'>): Hono {
  async function startSession(
    c: Context,
    userId: number,
    method: 'password' | 'telegram',
    created: boolean,
  ) {
    // Logging in replaces any session this browser had (a new id at every login).
    const previous = await optionalUser(c)
    if (previous) await deleteSession(db, previous.sessionId)
    const { token, expiresAt } = await createSession(db, config, clock.now(), {
      userId,
      method,
      ip: clientIp(c, config.TRUST_PROXY_HOPS),
      userAgent: c.req.header('user-agent') ?? '',
    })
    setSessionCookie(c, token)
    const result: LoginResult = {
      user_id: userId,
      expires_at: Math.floor(expiresAt.getTime() / 1000),
      created,
    }
    return c.json(envelope(result, clock))
  }

  return new Hono()
    .post('/register', async (c) => {
      const input = await readJson(c, registerRequest)
      const user = await registerUser(db, input)
      return startSession(c, user.id, 'password', true)
    })
    .post('/login', async (c) => {
      const { email, password } = await readJson(c, loginRequest)
      const keys = [accountKey(email), ipKey(clientIp(c, config.TRUST_PROXY_HOPS))]
      await assertLoginAllowed(db, clock.now(), keys)
      const user = await authenticate(db, email, password)
      if (!user) {
        await recordLoginFailure(db, clock.now(), keys)
        throw new ApiError(RetCode.InvalidCredentials)
      }
      await clearLoginFailures(db, accountKey(email))
      return startSession(c, user.id, 'password', false)
    })
    .post('/telegram', async (c) => {
      const { init_data } = await readJson(c, telegramLoginRequest)
      const keys = [ipKey(clientIp(c, config.TRUST_PROXY_HOPS))]
      await assertLoginAllowed(db, clock.now(), keys)
      const check = checkInitData(
        init_data,
        config.BOT_TOKEN,
        clock.now(),
        config.TELEGRAM_AUTH_MAX_AGE_SECONDS,
      )
      if (!check.ok) {
        // A correctly signed but stale initData (a mini-app reopened from history) is no guess
        // at a credential: it does not count toward the per-IP login limit.
        const expired = check.reason === INIT_DATA_EXPIRED
        if (!expired) await recordLoginFailure(db, clock.now(), keys)
        const reason = expired ? TelegramRefusal.Expired : TelegramRefusal.Invalid
        throw new ApiError(RetCode.InvalidCredentials, check.reason, 200, {}, reason)
      }
      const { user, created } = await userForTelegram(db, check.user, clock.now())
      return startSession(c, user.id, 'telegram', created)
    })
    .post('/logout', async (c) => {
      const user = await optionalUser(c)
      if (user) await deleteSession(db, user.sessionId)
      clearSessionCookie(c)
      return c.json(envelope({ logged_out: Boolean(user) }, clock))
    })
}
