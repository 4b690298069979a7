import { createHmac, randomBytes } from 'node:crypto'
import { and, eq, gt, lte, sql } from 'drizzle-orm'
import type { Context, MiddlewareHandler } from 'hono'
import { deleteCookie, setCookie } from 'hono/cookie'
import { AUTH_COOKIE_MAX_AGE_SECONDS, authCookieName } from '../../contract/cookie-names'
import { UserStatus, UserTag, type KycLevel } from '../../contract/identity.schema'
import type { Clock } from '../clock'
import type { AppConfig } from '../config'
import type { Database } from '../db/client'
import { ReadTogether } from '../db/read-together'
import { biometricKeys, earnSettings, sessions, userTags, users } from '../db/schema'
import { ApiError, RetCode } from './errors'
import { requestCookie, requestHeader } from './node-request'

// How the earn module (and every other) learns who is calling:
//   const user = await requireUser(c)   // throws ApiError 10007 when logged out
//   const user = await optionalUser(c)  // null when logged out
// Both read the session cookie (name by host, contract/cookie-names.ts) or the UserToken header.

/** Countries served only behind the compliance wall (ret_code 10024, spec §6). */
export const COMPLIANCE_WALLED_COUNTRIES: readonly string[] = ['US', 'CU', 'IR', 'KP', 'SY']

export type CurrentUser = {
  id: number
  kycLevel: KycLevel
  tags: string[]
  /** The country the rules use: the KYC-verified one, else (before KYC) the declared one. */
  countryCode: string
  status: UserStatus
  /** Tag-blocked users cannot buy (spec §6). */
  tagBlocked: boolean
  /** The user's country is behind the compliance wall: state-changing earn calls answer 10024. */
  complianceWalled: boolean
  /** Neither a KYC-verified nor a declared country: money moves answer 10451 until declared. */
  countryMissing: boolean
  sessionId: string
  /**
   * Whether the user has a biometric key, when read with the session (false: a confirmed call
   * need not read the keys); undefined when not known.
   */
  biometryEnrolled?: boolean
  /**
   * The operator's earn settings rows that apply to this user (`[name, value]`; theirs are
   * named `name@id`), when read with the session: every state-changing earn call reads them
   * next (earn/settings.ts); undefined when not known.
   */
  settingRows?: [string, string][]
}

export const SESSION_TTL_MS = AUTH_COOKIE_MAX_AGE_SECONDS * 1000

type AuthState = { load: () => Promise<CurrentUser | null> }

declare module 'hono' {
  interface ContextVariableMap {
    auth: AuthState
  }
}

/** The session token the caller presented: UserToken header first (app webview), then cookie. */
export function presentedToken(c: Context): string | undefined {
  const header = requestHeader(c, 'usertoken')?.trim()
  if (header) return header
  return requestCookie(c, sessionCookieName(c)) || undefined
}

/** A session token as createSession mints it: this many random bytes, base64url (no padding). */
const SESSION_TOKEN_BYTES = 32
const SESSION_TOKEN_LENGTH = Math.ceil((SESSION_TOKEN_BYTES * 8) / 6)
const SESSION_TOKEN = new RegExp(`^[A-Za-z0-9_-]{${SESSION_TOKEN_LENGTH}}$`)

/**
 * 10007 at once, without a read, when the caller presents no session token or one that no
 * session could have (length checked before the pattern): for calls that make a caller wait
 * for a turn (pay-order's gate), so that callers without a session take no turn from buyers.
 */
export function assertSessionPresented(c: Context): void {
  const token = presentedToken(c)
  if (!token || token.length !== SESSION_TOKEN_LENGTH || !SESSION_TOKEN.test(token))
    throw new ApiError(RetCode.LoginExpired)
}

/** The session cookie's name for the host the page was served from (Host, else the URL's). */
export const sessionCookieName = (c: Context) =>
  authCookieName(requestHeader(c, 'host') ?? new URL(c.req.url).host)

/** Only the HMAC of a token is stored, so a leaked sessions table logs nobody in. */
export const sessionIdOf = (token: string, secret: string) =>
  createHmac('sha256', secret).update(token).digest('hex')

/** Installs the per-request user loader that optionalUser/requireUser read (memoised). */
export function authMiddleware(deps: {
  db: Database
  config: AppConfig
  clock: Clock
}): MiddlewareHandler {
  return async (c, next) => {
    let loaded: Promise<CurrentUser | null> | undefined
    c.set('auth', {
      load: () => (loaded ??= loadUser(deps, presentedToken(c))),
    })
    await next()
  }
}

async function loadUser(
  { db, config, clock }: { db: Database; config: AppConfig; clock: Clock },
  token: string | undefined,
): Promise<CurrentUser | null> {
  if (!token || token.length > 256) return null
  return userOfSession({ db, clock }, sessionIdOf(token, config.SESSION_SECRET))
}

/** The user of a live session, by the session's stored id. */
export async function userOfSession(
  { db, clock }: { db: Database; clock: Clock },
  sessionId: string,
): Promise<CurrentUser | null> {
  // Reads asked together share a statement (read-together.ts); its instant is the first one's.
  const row = await sessionReadsOf(db).read(sessionId, () => clock.now())
  if (!row) return null
  const user = await currentUserOf(db, row.user, sessionId, row.tags)
  return { ...user, biometryEnrolled: row.biometryEnrolled, settingRows: row.settingRows }
}

/** Session ids one statement asks for at most; more waiting are asked in further statements. */
export const SESSION_READ_BATCH = 256

type SessionRow = Awaited<ReturnType<ReturnType<typeof buildSessionUserQuery>['execute']>>[number]

/** Session statements a server has in flight at once (server/db/read-together.ts). */
export const SESSION_READS_IN_FLIGHT = 2

type SessionReads = ReadTogether<string, SessionRow, Date>

/**
 * The sessions' users with their tags, whether they have a biometric key and the earn settings
 * rows that apply to them, in one round trip: every call with a session asks the first, every
 * confirmed call the second, every state-changing earn call the third (issue 28). Built once
 * per database (drizzle's prepared query): building it took 165 µs of every such call.
 */
function sessionReadsOf(db: Database): SessionReads {
  let reads = sessionReads.get(db)
  if (!reads) {
    const query = buildSessionUserQuery(db)
    reads = new ReadTogether(
      async (ids: string[], now: Date) =>
        new Map((await query.execute({ ids, now })).map((r) => [r.sessionId, r])),
      (id) => id,
      { inFlight: SESSION_READS_IN_FLIGHT, max: SESSION_READ_BATCH },
    )
    sessionReads.set(db, reads)
  }
  return reads
}

const buildSessionUserQuery = (db: Database) =>
  db
    .select({
      sessionId: sessions.id,
      user: users,
      tags: tagsOf,
      biometryEnrolled: biometryEnrolledOf,
      settingRows: settingRowsOf,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        sql`${sessions.id} = any(${sql.placeholder('ids')}::text[])`,
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('session_users')

const sessionReads = new WeakMap<Database, SessionReads>()

/** The joined user's tags, as an array column. */
const tagsOf = sql<
  string[]
>`array(select ${userTags.tag} from ${userTags} where ${userTags.userId} = ${users.id})`

/** Whether the joined user has a biometric key (server/telegram/biometry.ts). */
const biometryEnrolledOf = sql<boolean>`exists(select 1 from ${biometricKeys} where ${biometricKeys.userId} = ${users.id})`

/** The earn_settings rows for everyone and the joined user's own (`name@id`), as pairs. */
const settingRowsOf = sql<[string, string][]>`(select coalesce(
    json_agg(json_build_array(${earnSettings.name}, ${earnSettings.value})), '[]'::json)
  from ${earnSettings}
  where strpos(${earnSettings.name}, '@') = 0 or ${earnSettings.name} like '%@' || ${users.id})`

/**
 * A user row as the rules see it. The compliance wall reads the KYC-verified country: the
 * country typed at register is the user's claim and would let anyone step around the wall.
 */
export async function currentUserOf(
  db: Database,
  user: typeof users.$inferSelect,
  sessionId: string,
  /** The user's tags when already read with the row. */
  knownTags?: string[],
): Promise<CurrentUser> {
  const tags =
    knownTags ??
    (await db.select({ tag: userTags.tag }).from(userTags).where(eq(userTags.userId, user.id))).map(
      (t) => t.tag,
    )
  const level = user.kycLevel
  const country = user.kycCountryCode ?? user.countryCode
  return {
    id: user.id,
    kycLevel: (level === 1 || level === 2 ? level : 0) as KycLevel,
    tags,
    countryCode: country,
    status: user.status as UserStatus,
    tagBlocked: tags.includes(UserTag.TagBlocked),
    complianceWalled: COMPLIANCE_WALLED_COUNTRIES.includes(country),
    countryMissing: country === '',
    sessionId,
  }
}

/** The logged-in user, or null. */
export async function optionalUser(c: Context): Promise<CurrentUser | null> {
  const auth = c.get('auth')
  if (!auth) throw new Error('authMiddleware is not installed on this route')
  return auth.load()
}

/** The logged-in user; ApiError 10007 when logged out, 10009 when the account is frozen. */
export async function requireUser(c: Context): Promise<CurrentUser> {
  const user = await optionalUser(c)
  if (!user) throw new ApiError(RetCode.LoginExpired)
  if (user.status !== UserStatus.Active) throw new ApiError(RetCode.NoPermission)
  return user
}

/** Starts a new session (a fresh random token at every login) and returns the token. */
export async function createSession(
  db: Database,
  config: AppConfig,
  now: Date,
  input: { userId: number; method: 'password' | 'telegram'; ip: string; userAgent: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(SESSION_TOKEN_BYTES).toString('base64url')
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS)
  await db.insert(sessions).values({
    id: sessionIdOf(token, config.SESSION_SECRET),
    userId: input.userId,
    createdAt: now,
    expiresAt,
    method: input.method,
    ip: input.ip.slice(0, 64),
    userAgent: input.userAgent.slice(0, 256),
  })
  // Expired rows are never read again; each login clears its user's, so the table stays the
  // size of the live sessions without a sweeper job.
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, input.userId), lte(sessions.expiresAt, now)))
  return { token, expiresAt }
}

export async function deleteSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId))
}

/**
 * HttpOnly, 7 days, SameSite=Lax, Secure when the page is served over https. `crossSite` (a
 * Telegram login over https): SameSite=None; Secure; Partitioned, so a browser that partitions
 * third-party cookies (Telegram Web's frame) keeps it for the frame; CSRF stays refused by the
 * request guard (JSON only, never a cross-site Sec-Fetch-Site).
 */
export function setSessionCookie(c: Context, token: string, crossSite = false): void {
  const https = isHttps(c)
  setCookie(c, sessionCookieName(c), token, {
    path: '/',
    httpOnly: true,
    maxAge: AUTH_COOKIE_MAX_AGE_SECONDS,
    ...(crossSite && https
      ? { sameSite: 'None', secure: true, partitioned: true }
      : { sameSite: 'Lax', secure: https }),
  })
}

/** The session of the cookie alone (not the UserToken header), or null. */
export async function cookieSessionUser(
  c: Context,
  deps: { db: Database; config: AppConfig; clock: Clock },
): Promise<CurrentUser | null> {
  return loadUser(deps, requestCookie(c, sessionCookieName(c)) || undefined)
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, sessionCookieName(c), {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
  })
}

/** https directly, or behind a TLS-terminating proxy that says so. */
export function isHttps(c: Context): boolean {
  const forwarded = requestHeader(c, 'x-forwarded-proto')?.split(',')[0]?.trim()
  return forwarded === 'https' || /^https:/i.test(c.req.url) // no URL parse: every answer asks
}

/**
 * The client's address: with `trustedHops` proxies in front (TRUST_PROXY_HOPS), the entry of
 * X-Forwarded-For that the outermost trusted proxy appended (entries further left are the
 * client's own claims); otherwise, or when the header is shorter, the socket's peer from the
 * Node adapter ('unknown' under app.request() without an env).
 */
export function clientIp(c: Context, trustedHops = 0): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  const peer = env?.incoming?.socket?.remoteAddress ?? 'unknown'
  if (trustedHops === 0) return peer
  const hops = (requestHeader(c, 'x-forwarded-for') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  return hops.length >= trustedHops ? hops[hops.length - trustedHops]!.slice(0, 64) : peer
}
