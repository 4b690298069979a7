import { createHash, timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { TELEGRAM_SECRET_HEADER } from '../../contract/telegram-bot'
import type { AppContext } from '../deps'
import { publicOrigin } from '../config'
import { ApiError, RetCode } from '../http/errors'
import { WindowCounter } from '../http/rate-limit'
import type { BotApi } from './bot-api'
import { botLanguage, botText } from './bot-texts'
import { rowsOf } from '../db/rows'
import { pathForPayload, webAppUrl } from './mini-app-links'
import { rememberLanguage } from './notifications'
import { splitInvitation } from '../../contract/start-param'
import { fundDemoAccount } from '../db/seed-earn'
import { userForTelegram } from '../modules/identity/service'
import type { TelegramUser } from '../modules/identity/telegram-init-data'

/** Updates are a few kB; Telegram never sends more for a text message. */
export const WEBHOOK_MAX_BODY_BYTES = 32 * 1024
/** Replies per chat per minute, and per server per second (Telegram's own limit is ~30/s). */
export const WEBHOOK_CHAT_LIMIT = 20
export const WEBHOOK_GLOBAL_PER_SECOND = 30

// Only what the bot reads; Telegram sends much more (kept loose: unknown fields are fine).
const update = z.looseObject({
  update_id: z.number().int(),
  message: z
    .looseObject({
      text: z.string().max(4096).optional(),
      chat: z.looseObject({ id: z.number().int() }),
      from: z
        .looseObject({
          id: z.number().int().positive(),
          first_name: z.string().max(256).default(''),
          username: z.string().max(64).optional(),
          language_code: z.string().max(35).optional(),
        })
        .optional(),
    })
    .optional(),
})

const digest = (s: string) => createHash('sha256').update(s).digest()

/**
 * POST /x-api/telegram/webhook: Telegram's updates, accepted only with the secret header.
 * /start [payload] answers a web_app button opening the payload's page; anything else, help.
 * Always 200 once authenticated (a refusal would make Telegram redeliver the update).
 */
export function telegramWebhookRoutes(deps: AppContext, bot: BotApi, secret: string): Hono {
  const origin = publicOrigin(deps.config)
  const perChat = new WindowCounter(WEBHOOK_CHAT_LIMIT, 60_000)
  const global = new WindowCounter(WEBHOOK_GLOBAL_PER_SECOND, 1_000)
  const expected = digest(secret)
  return new Hono().post(
    '/webhook',
    bodyLimit({
      maxSize: WEBHOOK_MAX_BODY_BYTES,
      onError: () => {
        throw new ApiError(RetCode.PayloadTooLarge, undefined, 413)
      },
    }),
    async (c) => {
      const given = c.req.header(TELEGRAM_SECRET_HEADER)
      // Compared as digests: equal length, constant time, whatever the header holds.
      if (!given || !timingSafeEqual(digest(given), expected))
        throw new ApiError(RetCode.NoPermission, 'webhook secret refused', 401)
      let body: unknown
      try {
        body = await c.req.json()
      } catch {
        return c.json({ ok: true, ignored: 'not JSON' })
      }
      const parsed = update.safeParse(body)
      const message = parsed.success ? parsed.data.message : undefined
      if (!message?.text) return c.json({ ok: true, ignored: 'no text message' })
      const now = Date.now()
      if (!global.hit('all', now) || !perChat.hit(String(message.chat.id), now))
        return c.json({ ok: true, ignored: 'rate limited' })
      if (!(await firstDelivery(deps, parsed.data!.update_id)))
        return c.json({ ok: true, ignored: 'already handled' })

      const language = botLanguage(message.from?.language_code)
      if (message.from) await rememberLanguage(deps.db, message.from.id, message.from.language_code)
      if (message.from) await acceptInvitation(deps, message.text, message.from)
      const reply = replyTo(message.text, language, origin)
      try {
        await bot.sendMessage({ chat_id: message.chat.id, ...reply })
      } catch (err) {
        console.warn('[bot-webhook] reply failed:', err instanceof Error ? err.message : err)
      }
      return c.json({ ok: true })
    },
  )
}

/** Updates remembered this long: Telegram drops an undelivered update after 24 hours. */
const UPDATE_MEMORY_MS = 24 * 3600_000

/**
 * True the first time any server sees this update_id (the primary key decides between
 * servers racing on one redelivery); remembered updates older than a day are dropped.
 */
async function firstDelivery(deps: AppContext, updateId: number): Promise<boolean> {
  const now = deps.clock.now().getTime()
  const forgotten = new Date(now - UPDATE_MEMORY_MS).toISOString()
  await deps.db.execute(sql`delete from telegram_updates where received_at < ${forgotten}`)
  const inserted = await deps.db.execute(sql`
    insert into telegram_updates (update_id, received_at)
    values (${updateId}, ${new Date(now).toISOString()})
    on conflict (update_id) do nothing returning update_id`)
  return rowsOf(inserted).length === 1
}

/**
 * `/start ref-<id>[_<route>]` from a Telegram user without an account creates it with the
 * inviter as parent_member_id, as a first launch through the same link would; an existing
 * account is left as it is (userForTelegram never overwrites).
 */
async function acceptInvitation(deps: AppContext, text: string, from: TelegramUser) {
  const { inviter } = splitInvitation(startPayloadOf(text) ?? '')
  if (inviter === null) return
  const { created, user } = await userForTelegram(deps.db, from, deps.clock.now(), inviter)
  if (created && deps.config.SEED_DEMO) await fundDemoAccount(deps.db, user.id, deps.clock.now())
}

/** The payload of a `/start <payload>` message (also `/start@bot`), or null. */
function startPayloadOf(text: string): string | null {
  const [word = '', payload = ''] = text.trim().split(/\s+/, 2)
  return word.split('@')[0]!.toLowerCase() === '/start' && payload ? payload : null
}

/** The answer to a message: /start [payload] opens a page; anything else gets help (and home). */
export function replyTo(text: string, language: string, origin: string) {
  // "/start@earn_bot" in groups names the bot.
  const start = text.trim().split(/\s+/, 1)[0]!.split('@')[0]!.toLowerCase() === '/start'
  const payload = startPayloadOf(text)
  const path = pathForPayload(payload)
  const routed = payload !== null && path !== pathForPayload(null)
  return {
    text: !start
      ? botText(language, 'help')
      : routed
        ? `${botText(language, 'start')}\n\n${botText(language, 'startRoute')}`
        : botText(language, 'start'),
    reply_markup: {
      inline_keyboard: [
        [{ text: botText(language, 'open'), web_app: { url: webAppUrl(origin, path) } }],
      ],
    },
  }
}
