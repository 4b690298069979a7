import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_PREFIX, EARN_PATH, PROFILE_PATH, TELEGRAM_LOGIN_PATH } from '../../../contract/paths'
import { invitationPayload, startParamFor } from '../../../contract/start-param'
import { TELEGRAM_SECRET_HEADER, TELEGRAM_WEBHOOK_PATH } from '../../../contract/telegram-bot'
import { TelegramShareCall } from '../../../contract/telegram-share'
import tma from '../../../tma.config.json'
import { createTestApp, type TestApp } from '../../support/test-app'
import {
  HOST,
  initDataFor,
  loginAs,
  signInitData,
  tokenOf,
  type InitDataUser,
} from '../support/identity'
import { RetCode } from '../../../contract/ret-codes'
import { startStandInBotApi, type StandInBotApi } from './stand-in-bot-api'

// Issue 27 on the app answering through a stand-in Bot API: invitations at the
// first launch and at the bot's /start, and the prepared message a share hands to Telegram.

const TOKEN = `7${randomBytes(3).readUIntBE(0, 3)}:${randomBytes(18).toString('base64url')}`
const SECRET = randomBytes(24).toString('base64url')
let bot: StandInBotApi
let t: TestApp

beforeAll(async () => {
  bot = await startStandInBotApi()
  t = await createTestApp({
    config: { BOT_TOKEN: TOKEN, TELEGRAM_API_BASE: bot.base, BOT_WEBHOOK_SECRET: SECRET },
  })
})
afterAll(async () => {
  await t?.close()
  await bot?.close()
})

/** POSTs as the mini-app does (its session in the usertoken header); the envelope. */
async function callApi(path: string, body: unknown, token?: string) {
  const headers: Record<string, string> = { host: HOST, ...(token ? { usertoken: token } : {}) }
  return (await t.post(`${API_PREFIX}${path}`, body, headers)).body
}

/** A mini-app launch (signed initData, optional start_param): the user id and the session. */
async function launch(user: InitDataUser, startParam?: string) {
  const fields = initDataFor(user, Math.floor(t.clock.now().getTime() / 1000))
  if (startParam) fields.start_param = startParam
  const answer = await callApi(TELEGRAM_LOGIN_PATH, {
    init_data: signInitData(fields, TOKEN).raw,
  })
  expect(answer.ret_code).toBe(0)
  return answer.result as { user_id: number; token: string; created: boolean }
}

const call = (name: string, body: unknown, token: string) =>
  callApi(`${EARN_PATH}/${name}`, body, token)
const prepareShare = (product_id: string, language: string, token: string) =>
  call(TelegramShareCall.PrepareShare, { product_id, language }, token)
const invitationsOf = async (token: string) =>
  (await call(TelegramShareCall.GetInvitations, {}, token)).result as {
    invited_by: { id: number; name: string } | null
    invited_count: number
  }

describe('invitations', () => {
  it('a first launch through an invitation records the inviter; later launches change nothing', async () => {
    const alice = await launch({ id: 8101, first_name: 'Alice' })
    const bob = await launch(
      { id: 8102, first_name: 'Bob' },
      invitationPayload(alice.user_id, startParamFor('product', 'flex-usdt')),
    )
    expect(bob.created).toBe(true)
    expect(await invitationsOf(bob.token)).toEqual({
      invited_by: { id: alice.user_id, name: 'Alice' },
      invited_count: 0,
    })
    // The profile answers it (spec §3).
    const profile = await t.app.request(`${API_PREFIX}${PROFILE_PATH}`, {
      headers: { host: HOST, usertoken: bob.token },
    })
    expect(((await profile.json()) as any).result.parent_member_id).toBe(alice.user_id)
    expect((await invitationsOf(alice.token)).invited_count).toBe(1)

    // Bob again through Carol's invitation, Bob through his own, Alice through Bob's: nothing.
    const carol = await launch({ id: 8103, first_name: 'Carol' })
    await launch({ id: 8102, first_name: 'Bob' }, invitationPayload(carol.user_id))
    await launch({ id: 8102, first_name: 'Bob' }, invitationPayload(bob.user_id))
    await launch({ id: 8101, first_name: 'Alice' }, invitationPayload(bob.user_id))
    expect((await invitationsOf(bob.token)).invited_by?.id).toBe(alice.user_id)
    expect((await invitationsOf(alice.token)).invited_by).toBeNull()
    expect((await invitationsOf(carol.token)).invited_count).toBe(0)
    expect((await invitationsOf(alice.token)).invited_count).toBe(1)
  })

  it('an invitation from nobody, or a malformed one, invites nobody', async () => {
    const dave = await launch({ id: 8104, first_name: 'Dave' }, invitationPayload(2_000_000_000))
    expect(await invitationsOf(dave.token)).toEqual({ invited_by: null, invited_count: 0 })
    const erin = await launch({ id: 8105, first_name: 'Erin' }, 'ref-x_product_flex-usdt')
    expect((await invitationsOf(erin.token)).invited_by).toBeNull()
  })

  it("the bot's /start with an invitation creates the account with its inviter and opens the route", async () => {
    const frank = await launch({ id: 8106, first_name: 'Frank' })
    const payload = invitationPayload(frank.user_id, startParamFor('product', 'flex-usdt'))
    const before = bot.sent('sendMessage').length
    const res = await t.app.request(TELEGRAM_WEBHOOK_PATH, {
      method: 'POST',
      headers: {
        host: HOST,
        'content-type': 'application/json',
        [TELEGRAM_SECRET_HEADER]: SECRET,
      },
      body: JSON.stringify({
        update_id: 9001,
        message: {
          message_id: 1,
          date: Math.floor(t.clock.now().getTime() / 1000),
          chat: { id: 8107, type: 'private' },
          from: { id: 8107, is_bot: false, first_name: 'Grace', language_code: 'en' },
          text: `/start ${payload}`,
        },
      }),
    })
    expect(res.status).toBe(200)
    const [reply] = (await bot.waitFor(before + 1)).slice(before)
    expect(reply!.body.reply_markup.inline_keyboard[0][0].web_app.url).toMatch(
      /\/earn\/product\/flex-usdt$/,
    )
    // Grace's first launch finds the account the bot made, invited by Frank.
    const grace = await launch({ id: 8107, first_name: 'Grace' })
    expect(grace.created).toBe(false)
    expect((await invitationsOf(grace.token)).invited_by?.id).toBe(frank.user_id)
    expect((await invitationsOf(frank.token)).invited_count).toBe(1)
  })
})

describe('share', () => {
  it('savePreparedInlineMessage receives the card with a button to the product carrying the invitation', async () => {
    const henry = await launch({ id: 8108, first_name: 'Henry' })
    const answer = await prepareShare('flex-usdt', 'en', henry.token)
    expect(answer.ret_code).toBe(0)
    const [prepared] = bot.sent('savePreparedInlineMessage').slice(-1)
    expect(answer.result.prepared_message_id).toMatch(/^prepared-\d+$/)
    const payload = invitationPayload(henry.user_id, startParamFor('product', 'flex-usdt'))
    const link = `https://t.me/${tma.botUsername}/${tma.appName}?startapp=${payload}`
    expect(answer.result.link).toBe(link)
    expect(prepared!.body).toMatchObject({ user_id: 8108, allow_user_chats: true })
    const card = prepared!.body.result
    expect(card.type).toBe('article')
    expect(card.title).toBe('USDT · Flexible Savings')
    expect(card.description).toMatch(/^APR \d+\.\d\d%( – \d+\.\d\d%)? · Term: Flexible · Low risk$/)
    expect(card.input_message_content.message_text).toContain(card.description)
    expect(card.reply_markup.inline_keyboard[0][0]).toEqual({ text: 'Open Earn', url: link })
  })

  it('in the user language; refused without a Telegram account or for an unknown product', async () => {
    const ivan = await launch({ id: 8109, first_name: 'Иван' })
    const ru = await prepareShare('flex-usdt', 'ru-RU', ivan.token)
    expect(ru.ret_code).toBe(0)
    const card = bot.sent('savePreparedInlineMessage').at(-1)!.body.result
    expect(card.description).toContain('Срок: Гибкий')
    const sent = bot.sent('savePreparedInlineMessage').length
    expect((await prepareShare('nope', 'en', ivan.token)).ret_code).toBe(RetCode.InvalidRequest)
    const email = tokenOf(await loginAs(t, 'kyc2@earn.test'))
    expect((await prepareShare('flex-usdt', 'en', email)).ret_code).toBe(RetCode.NoPermission)
    expect((await prepareShare('flex-usdt', 'en', '')).ret_code).toBe(RetCode.LoginExpired)
    expect(bot.sent('savePreparedInlineMessage')).toHaveLength(sent)
  })
})
