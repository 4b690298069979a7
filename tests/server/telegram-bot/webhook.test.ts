import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TELEGRAM_SECRET_HEADER, TELEGRAM_WEBHOOK_PATH } from '../../../contract/telegram-bot'
import { BotApi, BotApiError } from '../../../server/telegram/bot-api'
import {
  killStartedServers,
  startServerProcess,
  type ServerProcess,
} from '../../support/server-process'
import { textOf } from '../../support/locale-texts'
import { startStandInBotApi, type StandInBotApi } from './stand-in-bot-api'

// The bot's webhook on a real server process, answering through a stand-in Bot API.

const TOKEN = `7${randomBytes(3).readUIntBE(0, 3)}:${randomBytes(18).toString('base64url')}`
const SECRET = randomBytes(24).toString('base64url')
let bot: StandInBotApi
let server: ServerProcess
const dataDir = mkdtempSync(join(tmpdir(), 'earn-bot-webhook-'))

beforeAll(async () => {
  bot = await startStandInBotApi()
  server = await startServerProcess({
    DATA_DIR: dataDir,
    extra: { BOT_TOKEN: TOKEN, TELEGRAM_API_BASE: bot.base, BOT_WEBHOOK_SECRET: SECRET },
  })
})
afterAll(async () => {
  if (server) await server.stop()
  killStartedServers()
  await bot?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

let updateId = 1
const update = (text: string, from: { id: number; language_code?: string }) => ({
  update_id: updateId++,
  message: {
    message_id: updateId,
    date: Math.floor(Date.now() / 1000),
    chat: { id: from.id, type: 'private' },
    from: { is_bot: false, first_name: 'T', ...from },
    text,
  },
})

async function deliver(body: unknown, secret: string | null = SECRET, raw?: string) {
  const res = await fetch(`${server.url}${TELEGRAM_WEBHOOK_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(secret === null ? {} : { [TELEGRAM_SECRET_HEADER]: secret }),
    },
    body: raw ?? JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as any }
}

const replyTo = async (chatId: number) => {
  const calls = bot.sent('sendMessage').filter((c) => c.body.chat_id === chatId)
  return calls
}

describe('webhook', () => {
  it('/start product_<id> answers a web_app button opening that product', async () => {
    const res = await deliver(update('/start product_fixed-usdt-30', { id: 9001 }))
    expect(res).toEqual({ status: 200, body: { ok: true } })
    const [call, ...more] = await replyTo(9001)
    expect(more).toHaveLength(0)
    expect(call!.token).toBe(TOKEN)
    expect(call!.body.text).toContain('Welcome to Earn')
    expect(call!.body.reply_markup.inline_keyboard).toEqual([
      [{ text: 'Open Earn', web_app: { url: `${server.url}/earn/product/fixed-usdt-30` } }],
    ])
  })

  it('/start alone and a payload naming no route open home; other text answers help', async () => {
    await deliver(update('/start', { id: 9002 }))
    await deliver(update('/start nope_x', { id: 9003 }))
    await deliver(update('/balance', { id: 9004 }))
    const url = (id: number) =>
      bot.sent('sendMessage').find((c) => c.body.chat_id === id)?.body.reply_markup
        .inline_keyboard[0][0].web_app.url
    expect(url(9002)).toBe(`${server.url}/earn/home`)
    expect(url(9003)).toBe(`${server.url}/earn/home`)
    const help = bot.sent('sendMessage').find((c) => c.body.chat_id === 9004)!
    expect(help.body.text).toContain('/start')
    expect(help.body.text).not.toContain('Welcome')
  })

  it('answers an update Telegram redelivers once, even when the copies race', async () => {
    const once = update('/start', { id: 9010 })
    const answers = await Promise.all([deliver(once), deliver(once)])
    const again = await deliver(once)
    expect([...answers, again].map((a) => a.body)).toEqual(
      expect.arrayContaining([{ ok: true }, { ok: true, ignored: 'already handled' }]),
    )
    expect(again.body).toEqual({ ok: true, ignored: 'already handled' })
    expect(await replyTo(9010)).toHaveLength(1)
    // A new update from the same chat is answered as usual.
    await deliver(update('/start', { id: 9010 }))
    expect(await replyTo(9010)).toHaveLength(2)
  })

  it("answers in the user's language (language_code ar → ar-SA texts)", async () => {
    const arabicOpen = textOf('ar-SA', 'server/bot.json', 'open')
    await deliver(update('/start my-earn', { id: 9005, language_code: 'ar' }))
    const [call] = await replyTo(9005)
    expect(call!.body.text).toContain('مرحبًا')
    // The button's words are the translators' (Earn is الكسب in the Arabic app); English they are not.
    expect(arabicOpen).not.toBe('Open Earn')
    expect(call!.body.reply_markup.inline_keyboard[0][0]).toEqual({
      text: arabicOpen,
      web_app: { url: `${server.url}/earn/my-earn` },
    })
  })

  it('refuses an update without the secret header or with a wrong one, and sends nothing', async () => {
    const before = bot.calls.length
    const none = await deliver(update('/start', { id: 9006 }), null)
    const wrong = await deliver(update('/start', { id: 9006 }), `${SECRET}x`)
    const short = await deliver(update('/start', { id: 9006 }), SECRET.slice(0, 10))
    for (const r of [none, wrong, short]) {
      expect(r.status).toBe(401)
      expect(r.body.ret_code).toBe(10009)
    }
    await new Promise((r) => setTimeout(r, 200))
    expect(bot.calls.length).toBe(before)
  })

  it('refuses a body over 32 kB (413) and ignores what is not a text message', async () => {
    const big = await deliver(
      null,
      SECRET,
      JSON.stringify({ update_id: 1, pad: 'x'.repeat(40_000) }),
    )
    expect(big.status).toBe(413)
    const photo = await deliver({ update_id: 5, message: { chat: { id: 9007 }, photo: [] } })
    expect(photo.status).toBe(200)
    expect(await replyTo(9007)).toHaveLength(0)
  })

  it('answers one chat at most 20 times a minute', async () => {
    for (let i = 0; i < 25; i++) await deliver(update('/help', { id: 9008 }))
    expect(await replyTo(9008)).toHaveLength(20)
  })
})

describe('Bot API client', () => {
  it('honours 429 retry_after before trying again, and retries a 5xx', async () => {
    bot.refuseNext({ status: 429, retryAfter: 1 }, { status: 502 })
    const api = new BotApi({ base: bot.base, token: TOKEN })
    const started = bot.calls.length
    await api.sendMessage({ chat_id: 9100, text: 'hi' })
    const tries = bot.calls.slice(started)
    expect(tries.map((c) => c.body.chat_id)).toEqual([9100, 9100, 9100])
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(1000)
  })

  it('gives up at once on a 4xx, and on a retry_after longer than it may wait', async () => {
    const api = new BotApi({ base: bot.base, token: TOKEN, maxWaitMs: 2000 })
    bot.refuseNext({ status: 403, description: 'Forbidden: bot was blocked by the user' })
    const blocked = await api.sendMessage({ chat_id: 9101, text: 'x' }).catch((e: unknown) => e)
    expect(blocked).toBeInstanceOf(BotApiError)
    expect((blocked as BotApiError).status).toBe(403)
    bot.refuseNext({ status: 429, retryAfter: 30 })
    const flood = (await api
      .sendMessage({ chat_id: 9102, text: 'x' })
      .catch((e: unknown) => e)) as BotApiError
    expect(flood.retryAfterS).toBe(30)
    expect(bot.sent().filter((c) => c.body.chat_id === 9102)).toHaveLength(1)
    // The token is in the URL; a failure's message never carries it.
    expect(flood.message).not.toContain(TOKEN)
  })
})
