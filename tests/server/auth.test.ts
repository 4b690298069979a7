import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from '../../server/app'
import { sessions, users } from '../../server/db/schema'
import { DEMO_PASSWORD } from '../../server/db/seed-identity'
import { sessionIdOf } from '../../server/http/auth'
import { createTestApp, type TestApp } from '../support/test-app'
import { get, HOST, loginAs, sessionCookie, tableCounts, tokenOf } from './support/identity'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const REGISTER = '/x-api/v1/auth/register'
const LOGIN = '/x-api/v1/auth/login'
const LOGOUT = '/x-api/v1/auth/logout'
const PROFILE = '/x-api/v2/private/user/profile'
const h = { host: HOST }

describe('register', () => {
  it('creates an account that then logs in with the session cookie and the right flags', async () => {
    const res = await t.post(
      REGISTER,
      { email: 'New.User@Example.com', password: 'correct horse', country_code: 'gb' },
      h,
    )
    expect(res.body).toMatchObject({ ret_code: 0, result: { accepted: true } })
    // No session from register itself: its answer must not differ for a taken email.
    expect(res.headers.get('set-cookie')).toBeNull()
    const [row] = await t.db.select().from(users).where(eq(users.email, 'new.user@example.com'))
    expect(row).toMatchObject({ countryCode: 'GB', kycLevel: 0 })
    expect(row!.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/)
    const login = await t.post(
      LOGIN,
      { email: 'new.user@example.com', password: 'correct horse' },
      h,
    )
    expect(login.body).toMatchObject({ ret_code: 0, result: { user_id: row!.id } })
    const setCookie = login.headers.get('set-cookie')!
    expect(setCookie).toMatch(/^b_t_c_k_local=[\w-]{43}; /)
    expect(setCookie).toContain('Max-Age=604800')
    expect(setCookie).toContain('Path=/')
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Lax')
    expect(setCookie).not.toContain('Secure')
    const profile = await get(t, PROFILE, { cookie: sessionCookie(login.headers) })
    expect(profile.body.result.id).toBe(row!.id)
  })

  it('answers a taken email exactly as a new one, creates nothing and keeps its password', async () => {
    // Registrations are counted (rate limit) in login_failures; nothing else may change.
    const counts = async () => ({ ...(await tableCounts(t.db)), login_failures: 0 })
    const before = await counts()
    const fresh = await t.post(REGISTER, { email: 'fresh@earn.test', password: 'whatever-123' }, h)
    const res = await t.post(REGISTER, { email: 'kyc0@earn.test', password: 'whatever-123' }, h)
    expect(res.body.result).toEqual(fresh.body.result)
    expect(res.body.ret_code).toBe(fresh.body.ret_code)
    expect(res.body.ret_msg).toBe(fresh.body.ret_msg)
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(await counts()).toEqual({
      ...before,
      users: (before as Record<string, number>).users! + 1,
    })
    const hijack = await t.post(LOGIN, { email: 'kyc0@earn.test', password: 'whatever-123' }, h)
    expect(hijack.body.ret_code).toBe(10003)
  })

  it.each([
    ['missing password', { email: 'a@b.co' }, /password/],
    ['missing email', { password: 'long-enough' }, /email/],
    ['wrong type', { email: 42, password: 'long-enough' }, /email/],
    ['not an email', { email: 'nope', password: 'long-enough' }, /email/],
    ['short password', { email: 'a@b.co', password: 'short' }, /at least 8/],
    ['unknown field', { email: 'a@b.co', password: 'long-enough', admin: true }, /admin/],
    ['not JSON', '{"email":', /JSON/],
  ])('refuses %s with 10001 and changes nothing', async (_n, body, msg) => {
    const before = await tableCounts(t.db)
    const res = await t.post(REGISTER, body, h)
    expect(res.body.ret_code).toBe(10001)
    expect(res.body.ret_msg).toMatch(msg)
    expect(await tableCounts(t.db)).toEqual(before)
  })

  it('refuses an oversized body with 413 / 10413', async () => {
    const before = await tableCounts(t.db)
    const res = await t.post(REGISTER, { email: 'a@b.co', password: 'x'.repeat(MAX_BODY_BYTES) }, h)
    expect(res.status).toBe(413)
    expect(res.body.ret_code).toBe(10413)
    expect(await tableCounts(t.db)).toEqual(before)
  })
})

describe('login and logout', () => {
  it('gives a new session id at every login and keeps both cookies distinct', async () => {
    const first = await loginAs(t, 'kyc1@earn.test')
    const second = await loginAs(t, 'kyc1@earn.test')
    expect(tokenOf(first)).not.toBe(tokenOf(second))
    // The session row holds only the HMAC of the token, never the token itself.
    const rows = await t.db.select().from(sessions)
    expect(rows.some((r) => r.id === tokenOf(second))).toBe(false)
    expect(rows.some((r) => r.id === sessionIdOf(tokenOf(second), t.config.SESSION_SECRET))).toBe(
      true,
    )
  })

  it('replaces the session the browser already had (fixation-safe)', async () => {
    const old = await loginAs(t, 'kyc2@earn.test')
    const res = await t.post(
      LOGIN,
      { email: 'kyc2@earn.test', password: DEMO_PASSWORD },
      { ...h, cookie: old },
    )
    const fresh = sessionCookie(res.headers)
    expect(fresh).not.toBe(old)
    expect((await get(t, PROFILE, { cookie: old })).body.ret_code).toBe(10007)
    expect((await get(t, PROFILE, { cookie: fresh })).body.ret_code).toBe(0)
  })

  it('refuses a wrong password or an unknown email with the same 10003 message', async () => {
    const wrong = await t.post(LOGIN, { email: 'kyc0@earn.test', password: 'not-it-at-all' }, h)
    const unknown = await t.post(LOGIN, { email: 'ghost@earn.test', password: 'not-it-at-all' }, h)
    expect(wrong.body.ret_code).toBe(10003)
    expect(unknown.body).toMatchObject({ ret_code: 10003, ret_msg: wrong.body.ret_msg })
    expect(wrong.headers.get('set-cookie')).toBeNull()
  })

  it.each([
    ['missing password', { email: 'kyc0@earn.test' }],
    ['wrong type', { email: 'kyc0@earn.test', password: 12345678 }],
  ])('refuses %s with 10001', async (_n, body) => {
    const before = await tableCounts(t.db)
    const res = await t.post(LOGIN, body, h)
    expect(res.body.ret_code).toBe(10001)
    expect(await tableCounts(t.db)).toEqual(before)
  })

  it('logout deletes the session server-side and clears the cookie', async () => {
    const cookie = await loginAs(t, 'kyc0@earn.test')
    const id = sessionIdOf(tokenOf(cookie), t.config.SESSION_SECRET)
    const res = await t.post(LOGOUT, {}, { ...h, cookie })
    expect(res.body).toMatchObject({ ret_code: 0, result: { logged_out: true } })
    expect(res.headers.get('set-cookie')).toMatch(/^b_t_c_k_local=; Max-Age=0/)
    expect(await t.db.select().from(sessions).where(eq(sessions.id, id))).toEqual([])
    // Replaying the old cookie (or the token as UserToken) no longer works.
    expect((await get(t, PROFILE, { cookie })).body.ret_code).toBe(10007)
    expect((await get(t, PROFILE, { usertoken: tokenOf(cookie) })).body.ret_code).toBe(10007)
  })

  it('logout when logged out is harmless', async () => {
    const res = await t.post(LOGOUT, {}, h)
    expect(res.body).toMatchObject({ ret_code: 0, result: { logged_out: false } })
  })

  it('accepts the UserToken header in place of the cookie', async () => {
    const cookie = await loginAs(t, 'kyc2@earn.test')
    const res = await get(t, PROFILE, { UserToken: tokenOf(cookie) })
    expect(res.body).toMatchObject({ ret_code: 0, result: { id: 100013 } })
  })

  it('a session expires after 7 days', async () => {
    const cookie = await loginAs(t, 'kyc0@earn.test')
    t.clock.advance(7 * 86_400_000 + 1000)
    expect((await get(t, PROFILE, { cookie })).body.ret_code).toBe(10007)
  })

  it("a login deletes the user's expired sessions and keeps the live ones", async () => {
    const userId = 100002 // kyc0
    const live = () =>
      t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))
    await loginAs(t, 'kyc0@earn.test')
    t.clock.advance(7 * 86_400_000 + 1000) // every kyc0 session so far has expired
    const expired = (await live()).length
    expect(expired).toBeGreaterThan(0)
    const fresh = await loginAs(t, 'kyc0@earn.test')
    await loginAs(t, 'kyc0@earn.test')
    expect((await live()).length).toBe(2)
    expect((await get(t, PROFILE, { cookie: fresh })).body.ret_code).toBe(0)
  })

  it('sets Secure when served over https (directly or behind a TLS proxy)', async () => {
    const body = JSON.stringify({ email: 'kyc1@earn.test', password: DEMO_PASSWORD })
    const init = (headers: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    })
    const direct = await t.app.request('https://www.example.com/x-api/v1/auth/login', init({}))
    expect(direct.headers.get('set-cookie')).toMatch(/^b_t_c_k=.*; Secure/)
    const proxied = await t.app.request(
      LOGIN,
      init({ host: 'testnet.example.com', 'x-forwarded-proto': 'https' }),
    )
    expect(proxied.headers.get('set-cookie')).toMatch(/^b_t_c_k_testnet=.*; Secure/)
  })
})

describe('CSRF guard on state-changing calls', () => {
  it('refuses a form post (not application/json) with 415 / 10415', async () => {
    const before = await tableCounts(t.db)
    const res = await t.app.request(REGISTER, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: HOST },
      body: 'email=evil%40x.co&password=long-enough',
    })
    expect(res.status).toBe(415)
    expect(await res.json()).toMatchObject({ ret_code: 10415 })
    expect(await tableCounts(t.db)).toEqual(before)
  })

  it('refuses a cross-site request even with a valid session, 403 / 10403', async () => {
    const cookie = await loginAs(t, 'kyc1@earn.test')
    const res = await t.post(LOGOUT, {}, { ...h, cookie, 'sec-fetch-site': 'cross-site' })
    expect(res.status).toBe(403)
    expect(res.body.ret_code).toBe(10403)
    expect((await get(t, PROFILE, { cookie })).body.ret_code).toBe(0)
  })

  it('accepts same-origin requests with a charset on the content type', async () => {
    const res = await t.post(
      LOGOUT,
      {},
      {
        ...h,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json; charset=utf-8',
      },
    )
    expect(res.body.ret_code).toBe(0)
  })
})
