import { createHash } from 'node:crypto'
import { Hono, type Context } from 'hono'
import {
  loginRequest,
  registerRequest,
  telegramLoginRequest,
  type LoginResult,
  type RegisterResult,
} from '../../../contract/identity.schema'
import type { AppContext } from '../../deps'
import {
  clearSessionCookie,
  clientIp,
  cookieSessionUser,
  createSession,
  deleteSession,
  optionalUser,
  requireUser,
  setSessionCookie,
} from '../../http/auth'
import { limitAddress } from '../../http/client-address'
import { issueSocketTicket } from '../../http/socket-tickets'
import type { SocketTicketResult } from '../../../contract/earn-socket'
import { SOCKET_TICKET_PATH } from '../../../contract/paths'

/** Where these routes are mounted (server/app.ts). */
export const AUTH_PREFIX = '/v1/auth'
import { envelope, readJson } from '../../http/envelope'
import { TelegramRefusal } from '../../../contract/ret-codes'
import { ApiError, RetCode } from '../../http/errors'
import {
  accountKey,
  ipKey,
  LOGIN_FAILURE_LIMIT,
  pairKey,
  pairLimit,
  reserveLoginAttempt,
} from '../../http/rate-limit'
import { fundDemoAccount } from '../../db/seed-earn'
import { authenticate, registerUser, userForTelegram } from './service'
import { checkInitData, INIT_DATA_EXPIRED } from './telegram-init-data'
import { splitInvitation } from '../../../contract/start-param'

/** Registrations per address per 15 minutes (from everywhere: REGISTER_GLOBAL_LIMIT). */
export const REGISTER_PER_ADDRESS = 5

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
    const telegram = method === 'telegram'
    // Logging in replaces any session this browser had (a new id at every login). A Telegram
    // login replaces only the caller's own: the tab's token (UserToken), or a cookie session of
    // the same user. A web visitor's cookie session of another account is left alone, so a
    // link carrying someone else's initData can never swap or end it (docs/security.md).
    const previous = telegram ? await telegramCallerSession(c, userId) : await optionalUser(c)
    if (previous) await deleteSession(db, previous.sessionId)
    const { token, expiresAt } = await createSession(db, config, clock.now(), {
      userId,
      method,
      ip: clientIp(c, config.TRUST_PROXY_HOPS),
      userAgent: c.req.header('user-agent') ?? '',
    })
    const cookieOfOther = telegram && (await cookieSessionUser(c, { db, config, clock }))
    if (!cookieOfOther || cookieOfOther.id === userId) setSessionCookie(c, token, telegram)
    const result: LoginResult = {
      user_id: userId,
      expires_at: Math.floor(expiresAt.getTime() / 1000),
      created,
      ...(telegram ? { token } : {}),
    }
    return c.json(envelope(result, clock))
  }

  /** The session a Telegram login replaces: the presented one when it is this user's. */
  async function telegramCallerSession(c: Context, userId: number) {
    const current = await optionalUser(c)
    return current?.id === userId ? current : null
  }

  return new Hono()
    .post('/register', async (c) => {
      const input = await readJson(c, registerRequest)
      // Every registration counts (they are not failures): per address and from everywhere.
      const attempt = await reserveLoginAttempt(
        db,
        clock.now(),
        [
          {
            key: `register-ip:${limitAddress(c, config.TRUST_PROXY_HOPS)}`,
            limit: REGISTER_PER_ADDRESS,
          },
          { key: 'register-all', limit: config.REGISTER_GLOBAL_LIMIT },
        ],
        'too many registrations',
      )
      await attempt.failed()
      // The same answer whether the email was free or taken (and the same scrypt work), so
      // register cannot be used to learn who has an account: the new account logs in next.
      await registerUser(db, input)
      const result: RegisterResult = { accepted: true }
      return c.json(envelope(result, clock))
    })
    .post('/login', async (c) => {
      const { email, password } = await readJson(c, loginRequest)
      const ip = limitAddress(c, config.TRUST_PROXY_HOPS)
      const account = accountKey(email)
      const pair = pairKey(email, ip)
      // Reserved before the password is checked: parallel guesses cannot outrun the limit.
      const attempt = await reserveLoginAttempt(db, clock.now(), [
        { key: ipKey(ip), limit: LOGIN_FAILURE_LIMIT },
        { key: account, limit: Number.MAX_SAFE_INTEGER },
        // The account's failures from everywhere tighten this address's allowance on it.
        { key: pair, limit: (counts) => pairLimit((counts.get(account) ?? 1) - 1) },
      ])
      const user = await authenticate(db, email, password)
      if (!user) {
        await attempt.failed()
        throw new ApiError(RetCode.InvalidCredentials)
      }
      await attempt.succeeded([account, pair])
      return startSession(c, user.id, 'password', false)
    })
    .post('/telegram', async (c) => {
      const { init_data } = await readJson(c, telegramLoginRequest)
      const ip = limitAddress(c, config.TRUST_PROXY_HOPS)
      // One signed initData (valid for TELEGRAM_AUTH_MAX_AGE_SECONDS) mints at most
      // LOGIN_FAILURE_LIMIT sessions per 15 min: a replayed one cannot mint them faster.
      const replay = `tg-init:${createHash('sha256').update(init_data).digest('base64url')}`
      const attempt = await reserveLoginAttempt(db, clock.now(), [
        { key: ipKey(ip), limit: LOGIN_FAILURE_LIMIT },
        { key: replay, limit: LOGIN_FAILURE_LIMIT },
      ])
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
        if (expired) await attempt.released()
        else await attempt.failed()
        const reason = expired ? TelegramRefusal.Expired : TelegramRefusal.Invalid
        throw new ApiError(RetCode.InvalidCredentials, check.reason, 200, {}, reason)
      }
      // The address's row is given back; the initData's stays: it counts the sessions minted.
      await attempt.succeededKeeping(replay)
      // A first launch through an invitation (startapp=ref-<id>_…) records who invited.
      const { inviter } = splitInvitation(check.startParam ?? '')
      const { user, created } = await userForTelegram(db, check.user, clock.now(), inviter)
      // The demo (never production: SEED_DEMO is refused there) funds a new Telegram account.
      if (created && config.SEED_DEMO) await fundDemoAccount(db, user.id, clock.now())
      return startSession(c, user.id, 'telegram', created)
    })
    .post(SOCKET_TICKET_PATH.slice(AUTH_PREFIX.length), async (c) => {
      const user = await requireUser(c)
      const { ticket, expiresAt } = await issueSocketTicket({ db, config, clock }, user.sessionId)
      const result: SocketTicketResult = {
        ticket,
        expires_at: Math.floor(expiresAt.getTime() / 1000),
      }
      return c.json(envelope(result, clock))
    })
    .post('/logout', async (c) => {
      const user = await optionalUser(c)
      if (user) await deleteSession(db, user.sessionId)
      clearSessionCookie(c)
      return c.json(envelope({ logged_out: Boolean(user) }, clock))
    })
}
