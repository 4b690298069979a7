import { TelegramRefusal } from '../../contract/ret-codes'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from '../../server/app'
import { parseConfig } from '../../server/config'
import { telegramLinks } from '../../server/db/schema'
import { createTestApp, type TestApp } from '../support/test-app'
import {
  get,
  HOST,
  initDataFor,
  sessionCookie,
  signInitData,
  tableCounts,
} from './support/identity'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ config: { TELEGRAM_AUTH_MAX_AGE_SECONDS: 3600 } })
})
afterAll(() => t.close())

const TELEGRAM = '/x-api/v1/auth/telegram'
const PROFILE = '/x-api/v2/private/user/profile'
const ALICE = { id: 7001, first_name: 'Alice', username: 'alice' }
const BOB = { id: 7002, first_name: 'Bob' }
const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000)
const launch = (init_data: string) => t.post(TELEGRAM, { init_data }, { host: HOST })

describe('Telegram initData login', () => {
  it('accepts initData up to 24 h old by default (1 h in this suite)', () => {
    expect(parseConfig({ NODE_ENV: 'development' }).TELEGRAM_AUTH_MAX_AGE_SECONDS).toBe(86_400)
  })

  it('valid initData logs in, creating and linking an account at the first launch', async () => {
    const { raw } = signInitData(initDataFor(ALICE, nowSeconds()), t.config.BOT_TOKEN)
    const first = await launch(raw)
    expect(first.body).toMatchObject({ ret_code: 0, result: { created: true } })
    const cookie = sessionCookie(first.headers)
    const profile = await get(t, PROFILE, { cookie })
    expect(profile.body.result).toMatchObject({ username: 'tg_7001', vague_email: '' })
    const [link] = await t.db
      .select()
      .from(telegramLinks)
      .where(eq(telegramLinks.telegramUserId, ALICE.id))
    expect(link).toMatchObject({ userId: first.body.result.user_id, telegramUsername: 'alice' })

    // The next launch logs into the same account, with a new session.
    const again = await launch(raw)
    expect(again.body.result).toMatchObject({ user_id: first.body.result.user_id, created: false })
    expect(sessionCookie(again.headers)).not.toBe(cookie)
  })

  it('a valid initData for user A never logs in as user B', async () => {
    const a = await launch(signInitData(initDataFor(ALICE, nowSeconds()), t.config.BOT_TOKEN).raw)
    const b = await launch(signInitData(initDataFor(BOB, nowSeconds()), t.config.BOT_TOKEN).raw)
    expect(a.body.ret_code).toBe(0)
    expect(b.body.ret_code).toBe(0)
    expect(a.body.result.user_id).not.toBe(b.body.result.user_id)
    const asA = await get(t, PROFILE, { cookie: sessionCookie(a.headers) })
    const asB = await get(t, PROFILE, { cookie: sessionCookie(b.headers) })
    expect(asA.body.result.username).toBe('tg_7001')
    expect(asB.body.result.username).toBe('tg_7002')
  })

  it('the profile answers the Telegram first name and photo, brought up to date at each login', async () => {
    const CAROL = { id: 7003, first_name: 'Carol', username: 'carol' }
    const signed = (user: typeof CAROL & { photo_url?: string }) =>
      launch(signInitData(initDataFor(user, nowSeconds()), t.config.BOT_TOKEN).raw)
    const first = await signed(CAROL)
    const profile = await get(t, PROFILE, { cookie: sessionCookie(first.headers) })
    expect(profile.body.result).toMatchObject({
      username: 'tg_7003',
      first_name: 'Carol',
      photo_url: '',
    })
    // Renamed in Telegram, new username and a photo: the next login brings them.
    const photo = 'https://t.me/i/userpic/320/carol.jpg'
    const renamed = { ...CAROL, first_name: 'Caroline', username: 'caroline', photo_url: photo }
    const again = await signed(renamed)
    expect(again.body.result.user_id).toBe(first.body.result.user_id)
    const updated = await get(t, PROFILE, { cookie: sessionCookie(again.headers) })
    expect(updated.body.result).toMatchObject({ first_name: 'Caroline', photo_url: photo })
    const [link] = await t.db
      .select()
      .from(telegramLinks)
      .where(eq(telegramLinks.telegramUserId, CAROL.id))
    expect(link).toMatchObject({ telegramUsername: 'caroline', firstName: 'Caroline' })
    // A photo address that is not https (a script, a data URL) is never kept.
    const hostile = await signed({ ...renamed, photo_url: 'javascript:alert(1)' })
    const cleared = await get(t, PROFILE, { cookie: sessionCookie(hostile.headers) })
    expect(cleared.body.result.photo_url).toBe('')
  })

  describe('refusals change nothing', () => {
    const refuses = async (raw: string, msg: RegExp) => {
      const before = await tableCounts(t.db)
      const res = await launch(raw)
      expect(res.body.ret_code).toBe(10003)
      expect(res.body.ret_msg).toMatch(msg)
      // The reason travels as a code too: the client never reads the message.
      expect(res.body.ext_code).toBe(
        /expired/.test(String(msg)) ? TelegramRefusal.Expired : TelegramRefusal.Invalid,
      )
      expect(res.headers.get('set-cookie')).toBeNull()
      const after = await tableCounts(t.db)
      // Only the failure counter (for the IP rate limit) moves.
      expect({ ...after, login_failures: 0 }).toEqual({ ...before, login_failures: 0 })
    }

    it('one field changed → refused', async () => {
      const { raw } = signInitData(initDataFor(ALICE, nowSeconds()), t.config.BOT_TOKEN)
      // Same signature, but the user is now Bob: the HMAC no longer matches.
      const tampered = raw.replace(encodeURIComponent('"id":7001'), encodeURIComponent('"id":7002'))
      expect(tampered).not.toBe(raw)
      await refuses(tampered, /signature is invalid/)
    })

    it('auth_date changed → refused', async () => {
      const { raw } = signInitData(initDataFor(ALICE, nowSeconds()), t.config.BOT_TOKEN)
      await refuses(raw.replace(/auth_date=\d+/, `auth_date=${nowSeconds() + 5}`), /signature/)
    })

    it('hash missing → refused', async () => {
      const { raw } = signInitData(initDataFor(ALICE, nowSeconds()), t.config.BOT_TOKEN)
      await refuses(raw.replace(/&?hash=[0-9a-f]+/, ''), /no hash/)
    })

    it('auth_date past the configured limit → refused', async () => {
      const old = nowSeconds() - t.config.TELEGRAM_AUTH_MAX_AGE_SECONDS - 1
      await refuses(signInitData(initDataFor(ALICE, old), t.config.BOT_TOKEN).raw, /expired/)
    })

    it('signed with another bot token → refused', async () => {
      const { raw } = signInitData(initDataFor(ALICE, nowSeconds()), '654321:another-bot')
      await refuses(raw, /signature is invalid/)
    })

    it('a repeated field → refused', async () => {
      const { raw } = signInitData(initDataFor(ALICE, nowSeconds()), t.config.BOT_TOKEN)
      await refuses(`${raw}&user=${encodeURIComponent(JSON.stringify(BOB))}`, /repeats user/)
    })
  })

  it('just inside the limit is accepted', async () => {
    const edge = nowSeconds() - t.config.TELEGRAM_AUTH_MAX_AGE_SECONDS + 5
    const res = await launch(signInitData(initDataFor(ALICE, edge), t.config.BOT_TOKEN).raw)
    expect(res.body.ret_code).toBe(0)
  })

  it.each([
    ['missing init_data', {}],
    ['wrong type', { init_data: 123 }],
    ['empty', { init_data: '' }],
  ])('refuses %s with 10001', async (_n, body) => {
    const before = await tableCounts(t.db)
    const res = await t.post(TELEGRAM, body, { host: HOST })
    expect(res.body.ret_code).toBe(10001)
    expect(await tableCounts(t.db)).toEqual(before)
  })

  it('refuses an oversized body', async () => {
    const res = await t.post(TELEGRAM, { init_data: 'x'.repeat(MAX_BODY_BYTES) }, { host: HOST })
    expect(res.status).toBe(413)
    expect(res.body.ret_code).toBe(10413)
  })
})
