import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { TelegramSettingsCall } from '../../../contract/telegram-bot'
import { runEarnJobs } from '../../../server/jobs/earn-jobs'
import { ExportWorker } from '../../../server/modules/export/worker'
import type { PriceSimulator } from '../../../server/modules/market/price-simulator'
import { BotApi } from '../../../server/telegram/bot-api'
import { OutboxStatus } from '../../../server/telegram/notifications'
import { OutboxSender } from '../../../server/telegram/outbox-sender'
import { queryRows } from '../../support/db-state'
import type { TestApp } from '../../support/test-app'
import { DEMO_IDS, earn, loginDemo, oid } from '../support/earn'
import { BOT_TEST_ORIGIN, startBotTestApp } from './bot-test-app'
import type { StandInBotApi } from './stand-in-bot-api'

// Notifications through the bot: the outbox row is written with its event, the sender hands
// it to a stand-in Bot API once, honours 429 retry_after, and never sends after an opt-out.

const DAY = 86_400_000
const ORIGIN = BOT_TEST_ORIGIN
let t: TestApp
let bot: StandInBotApi
let sender: OutboxSender
let market: PriceSimulator
const dataDir = mkdtempSync(join(tmpdir(), 'earn-bot-outbox-'))
const cookies: Record<string, string> = {}
const CHAT = { kyc1: 5001, kyc2: 5002, insider: 5003 } as const

beforeAll(async () => {
  ;({ t, bot, sender, market } = await startBotTestApp(CHAT))
})
// Sessions end as the test clock moves weeks ahead: log in afresh for each test.
beforeEach(async () => {
  for (const who of ['kyc0', 'kyc1', 'kyc2', 'insider'] as const)
    cookies[who] = await loginDemo(t, who)
})
afterAll(async () => {
  await t?.close()
  await bot?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const jobs = () => runEarnJobs({ db: t.db, clock: t.clock, market })
const toChat = (chat: number) => bot.sent('sendMessage').filter((c) => c.body.chat_id === chat)
const outboxOf = (userId: number) =>
  queryRows<{ kind: string; status: number; next_attempt_at: string; attempts: number }>(
    t.db,
    sql`select kind, status, next_attempt_at::text, attempts from bot_outbox
         where user_id = ${userId} order by id`,
  )
const notify = (who: keyof typeof cookies, enabled: boolean, language?: string) =>
  earn(
    t,
    TelegramSettingsCall.SetNotifications,
    { enabled, ...(language ? { language } : {}) },
    cookies[who],
  )
const pay = async (who: keyof typeof cookies, product_id: string, amount: string) => {
  const res = await earn(t, 'pay-order', { order_id: oid('bot'), product_id, amount }, cookies[who])
  expect(res.ret_code, res.ret_msg).toBe(0)
  return res.result.order
}

describe('opting in', () => {
  it('needs a Telegram account linked to the user (10009), and reads back what was set', async () => {
    expect((await notify('kyc0', true)).ret_code).toBe(10009)
    const on = await notify('kyc1', true, 'en')
    expect(on.ret_code, on.ret_msg).toBe(0)
    expect(on.result).toMatchObject({ notifications: true, telegram_linked: true, biometry: false })
    const read = await earn(t, TelegramSettingsCall.Get, {}, cookies.kyc1)
    expect(read.result.notifications).toBe(true)
  })
})

describe('a matured fixed term', () => {
  it('queues one message with the maturity, sent once with a web_app button to my-earn', async () => {
    await pay('kyc1', 'fixed-usdt-7', '100')
    // kyc0 never opted in: its maturity queues nothing.
    await pay('kyc0', 'fixed-usdt-7', '100')
    t.clock.advance(8 * DAY)
    await jobs()
    expect((await outboxOf(DEMO_IDS.kyc1)).map((r) => [r.kind, r.status])).toEqual([
      ['matured', OutboxStatus.Queued],
    ])
    expect(await outboxOf(DEMO_IDS.kyc0)).toEqual([])
    await sender.drain()
    await sender.drain()
    await jobs()
    await sender.drain()
    const [message, ...more] = toChat(CHAT.kyc1)
    expect(more).toEqual([])
    // 100 USDT for 7 days at 7 % APR: principal and the term's yield come back.
    expect(message!.body.text).toMatch(/^Your fixed term in USDT has matured: 100\.\d+ USDT/)
    expect(message!.body.reply_markup.inline_keyboard).toEqual([
      [{ text: 'View position', web_app: { url: `${ORIGIN}/earn/my-earn` } }],
    ])
    expect((await outboxOf(DEMO_IDS.kyc1))[0]!.status).toBe(OutboxStatus.Sent)
  })
})

describe('yield claimable and flood control', () => {
  it('announces claimable yield once it is worth 10 USD, after the 429 retry_after', async () => {
    expect((await notify('kyc2', true, 'ar')).result.language).toBe('ar-SA')
    await pay('kyc2', 'flex-usdt', '3000')
    t.clock.advance(2 * DAY)
    await jobs()
    expect(await outboxOf(DEMO_IDS.kyc2)).toEqual([]) // About 0.6 USDT so far.
    t.clock.advance(20 * DAY)
    await jobs()
    t.clock.advance(DAY)
    await jobs() // Over the threshold already: no second message.
    const queued = await outboxOf(DEMO_IDS.kyc2)
    expect(queued.map((r) => r.kind)).toEqual(['yield_claimable'])

    bot.refuseNext({
      status: 429,
      retryAfter: 30,
      description: 'Too Many Requests: retry after 30',
    })
    const refusedAt = t.clock.now().getTime()
    await sender.drain()
    const [waiting] = await outboxOf(DEMO_IDS.kyc2)
    expect(waiting!.status).toBe(OutboxStatus.Queued)
    expect(new Date(waiting!.next_attempt_at).getTime() - refusedAt).toBeGreaterThanOrEqual(30_000)
    t.clock.advance(29_000)
    await sender.drain()
    expect(toChat(CHAT.kyc2)).toHaveLength(1) // Only the refused try.
    t.clock.advance(2_000)
    await sender.drain()
    const tries = toChat(CHAT.kyc2)
    expect(tries).toHaveLength(2)
    expect(tries[1]!.body.text).toMatch(/^لديك عائد بقيمة \d+\.\d+ USDT/)
    expect((await outboxOf(DEMO_IDS.kyc2))[0]).toMatchObject({
      status: OutboxStatus.Sent,
      attempts: 2,
    })
  })
})

describe('opting out', () => {
  it('cancels what is queued and queues nothing more: the user gets no message', async () => {
    expect((await notify('insider', true)).ret_code).toBe(0)
    await pay('insider', 'fixed-usdt-7', '100')
    t.clock.advance(8 * DAY)
    await jobs()
    expect((await outboxOf(DEMO_IDS.insider)).map((r) => r.status)).toEqual([OutboxStatus.Queued])
    cookies.insider = await loginDemo(t, 'insider')
    expect((await notify('insider', false)).result.notifications).toBe(false)
    // A term that matures after the opt-out queues nothing.
    await pay('insider', 'fixed-usdt-7', '100')
    t.clock.advance(8 * DAY)
    await jobs()
    await sender.drain()
    expect((await outboxOf(DEMO_IDS.insider)).map((r) => r.status)).toEqual([
      OutboxStatus.Cancelled,
    ])
    expect(toChat(CHAT.insider)).toEqual([])
  })
})

describe('an export', () => {
  it('queues "export ready" when the worker marks it done, with a button to the exports', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000)
    const res = await earn(
      t,
      'submit-bill-export',
      { export_start_at: now - 60 * 86_400, export_end_at: now },
      cookies.kyc1,
    )
    expect(res.ret_code, res.ret_msg).toBe(0)
    await new ExportWorker({ db: t.db, clock: t.clock, dataDir }).drain()
    await sender.drain()
    const last = toChat(CHAT.kyc1).at(-1)!
    expect(last.body.text).toBe('Your export is ready to download.')
    expect(last.body.reply_markup.inline_keyboard[0][0]).toEqual({
      text: 'Open exports',
      web_app: { url: `${ORIGIN}/earn/export` },
    })
  })
})

describe('a server that dies holding a message', () => {
  const crashed = (leaseMs: number) =>
    new OutboxSender(
      {
        db: t.db,
        clock: t.clock,
        bot: new BotApi({ base: bot.base, token: t.config.BOT_TOKEN }),
        origin: ORIGIN,
      },
      { leaseMs },
    )
  const queueOne = async (dedupe: string) => {
    await t.db.execute(sql`
      insert into bot_outbox (user_id, chat_id, kind, params, path, dedupe_key, next_attempt_at, created_at)
      values (${DEMO_IDS.kyc1}, ${CHAT.kyc1}, 'export_ready', '{}'::jsonb, '/earn/export',
              ${dedupe}, ${t.clock.now().toISOString()}, ${t.clock.now().toISOString()})`)
  }
  const statusOf = async (dedupe: string) =>
    (
      await queryRows<{ status: number }>(
        t.db,
        sql`select status from bot_outbox where dedupe_key = ${dedupe}`,
      )
    )[0]!.status

  it('before the send started: another server takes it over once the lease lapses', async () => {
    await queueOne('crash-before')
    const dead = crashed(60_000)
    expect((await dead.claim())?.dedupeKey).toBe('crash-before')
    const before = toChat(CHAT.kyc1).length
    await sender.drain() // The claim is fresh: not taken.
    expect(toChat(CHAT.kyc1).length).toBe(before)
    t.clock.advance(61_000)
    await sender.drain()
    expect(toChat(CHAT.kyc1).length).toBe(before + 1)
    expect(await statusOf('crash-before')).toBe(OutboxStatus.Sent)
  })

  it('during the send: never sent again (at most once), marked uncertain', async () => {
    await queueOne('crash-during')
    const dead = crashed(60_000)
    const row = (await dead.claim())!
    await t.db.execute(
      sql`update bot_outbox set send_started_at = ${t.clock.now().toISOString()} where id = ${row.id}`,
    )
    const before = toChat(CHAT.kyc1).length
    t.clock.advance(61_000)
    await sender.drain()
    expect(toChat(CHAT.kyc1).length).toBe(before)
    expect(await statusOf('crash-during')).toBe(OutboxStatus.Uncertain)
  })
})

describe('a user who blocked the bot', () => {
  it('gets their notifications turned off at the first 403, and no more messages queued', async () => {
    expect((await notify('kyc1', true)).result.notifications).toBe(true)
    await pay('kyc1', 'fixed-usdt-7', '100')
    t.clock.advance(8 * DAY)
    await jobs()
    bot.refuseNext({ status: 403, description: 'Forbidden: bot was blocked by the user' })
    await sender.drain()
    const rows = await outboxOf(DEMO_IDS.kyc1)
    expect(rows.at(-1)!.status).toBe(OutboxStatus.Failed)
    cookies.kyc1 = await loginDemo(t, 'kyc1')
    const settings = await earn(t, TelegramSettingsCall.Get, {}, cookies.kyc1)
    expect(settings.result.notifications).toBe(false)
  })
})
