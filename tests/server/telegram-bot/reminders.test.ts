import { NOT_RELEASED_EXT_CODE } from '../../../contract/gray-release'
import { OrderRetCode } from '../../../contract/order-ret-codes'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ProductType } from '../../../contract/enums'
import { TelegramSettingsCall } from '../../../contract/telegram-bot'
import {
  MAX_REMINDERS_PER_USER,
  ReminderEvent,
  TelegramReminderCall,
} from '../../../contract/telegram-reminders'
import { products } from '../../../server/db/schema'
import { runEarnJobs } from '../../../server/jobs/earn-jobs'
import { OutboxStatus } from '../../../server/telegram/notifications'
import { queryRows } from '../../support/db-state'
import { DEMO_IDS, earn, loginDemo } from '../support/earn'
import { BOT_TEST_ORIGIN, startBotTestApp, type BotTestApp } from './bot-test-app'

// Remind me (issue 27 item 3) on PGlite: the calls, and the earn jobs sending one reminder per
// subscribed user through the stand-in Bot API when a product opens or has quota again.

const DAY = 86_400_000
const ORIGIN = BOT_TEST_ORIGIN
const CHAT = { kyc1: 7001, kyc2: 7002, insider: 7003 } as const
let app: BotTestApp
const cookies: Record<string, string> = {}

beforeAll(async () => {
  app = await startBotTestApp(CHAT)
})
beforeEach(async () => {
  for (const who of ['kyc0', 'kyc1', 'kyc2', 'insider'] as const)
    cookies[who] = await loginDemo(app.t, who)
})
afterAll(async () => {
  await app?.t.close()
  await app?.bot.close()
})

const call = (name: string, who: keyof typeof cookies, body: object = {}) =>
  earn(app.t, name, body, cookies[who])
const remind = (who: keyof typeof cookies, product_id: string, language?: string) =>
  call(TelegramReminderCall.Set, who, { product_id, ...(language ? { language } : {}) })
const toChat = (chat: number) => app.bot.sent('sendMessage').filter((c) => c.body.chat_id === chat)
const jobs = () => runEarnJobs({ db: app.t.db, clock: app.t.clock, market: app.market })

describe('set-reminder', () => {
  it('answers 10001 to bad input and to an open product, 10009 without Telegram', async () => {
    for (const body of [{}, { product_id: '' }, { product_id: 'launch-mnt', extra: 1 }]) {
      const res = await call(TelegramReminderCall.Set, 'kyc1', body)
      expect(res.ret_code, JSON.stringify(body)).toBe(10001)
    }
    expect((await remind('kyc1', 'no-such-product')).ret_code).toBe(10001)
    expect((await remind('kyc1', 'flex-usdt')).ret_code).toBe(10001)
    expect((await remind('kyc0', 'launch-mnt')).ret_code).toBe(10009)
    // A product whose gray-release stage leaves the user out (launchpool: odd ids) is refused
    // as its page is (334 not_released): knowing its id is not enough.
    expect(DEMO_IDS.insider % 2).toBe(0)
    expect(await remind('insider', 'launch-mnt')).toMatchObject({
      ret_code: OrderRetCode.NotEligible,
      ext_code: NOT_RELEASED_EXT_CODE,
    })
    expect((await call(TelegramReminderCall.List, 'kyc1')).result.list).toEqual([])
  })

  it(`holds at most ${MAX_REMINDERS_PER_USER} per user`, async () => {
    const now = app.t.clock.now()
    const ids = Array.from({ length: MAX_REMINDERS_PER_USER + 1 }, (_, i) => `soon-${i}`)
    await app.t.db.insert(products).values(
      ids.map((id) => ({
        id,
        productType: ProductType.Launch,
        coin: 'MNT',
        apr: '0.1',
        minAmount: '1',
        maxAmount: '10',
        totalQuota: '100',
        remainingQuota: '100',
        subscribeStartAt: new Date(now.getTime() + 400 * DAY),
      })),
    )
    for (const id of ids.slice(0, MAX_REMINDERS_PER_USER))
      expect((await remind('kyc1', id)).ret_code).toBe(0)
    const over = await remind('kyc1', ids.at(-1)!)
    expect(over.ret_code).toBe(10001)
    // Setting one it already holds is no new reminder: still fine.
    expect((await remind('kyc1', ids[0]!)).ret_code).toBe(0)
    for (const id of ids) await call(TelegramReminderCall.Remove, 'kyc1', { product_id: id })
    expect((await call(TelegramReminderCall.List, 'kyc1')).result.list).toEqual([])
  })
})

describe('a product opening', () => {
  it('sends one reminder per subscribed user, in their language, none to a removed one', async () => {
    const set = await remind('kyc1', 'launch-mnt', 'ru')
    expect(set.ret_code, set.ret_msg).toBe(0)
    expect(set.result.list).toMatchObject([
      { product_id: 'launch-mnt', coin: 'MNT', event: ReminderEvent.Open },
    ])
    // The reminder turned the bot's notifications on, in the app's language.
    const settings = await call(TelegramSettingsCall.Get, 'kyc1')
    expect(settings.result).toMatchObject({ notifications: true, language: 'ru-RU' })
    expect((await remind('kyc2', 'launch-mnt')).ret_code).toBe(0)
    const removed = await call(TelegramReminderCall.Remove, 'kyc2', { product_id: 'launch-mnt' })
    expect(removed.result.list).toEqual([])

    await jobs() // Not open yet: nothing.
    await app.sender.drain()
    expect(toChat(CHAT.kyc1)).toEqual([])

    app.t.clock.advance(61 * DAY)
    expect((await jobs()).reminders).toBe(1)
    await app.sender.drain()
    await jobs()
    await app.sender.drain()
    const [message, ...more] = toChat(CHAT.kyc1)
    expect(more).toEqual([])
    expect(message!.body.text).toBe('Launchpool в MNT открыт для подписки.')
    expect(message!.body.reply_markup.inline_keyboard).toEqual([
      [{ text: 'Открыть продукт', web_app: { url: `${ORIGIN}/earn/product/launch-mnt` } }],
    ])
    expect(toChat(CHAT.kyc2)).toEqual([])
    cookies.kyc1 = await loginDemo(app.t, 'kyc1')
    expect((await call(TelegramReminderCall.List, 'kyc1')).result.list).toEqual([])
  })
})

describe('a sold-out product with quota again', () => {
  it('reminds an opted-in user; with notifications turned off, sends nothing', async () => {
    expect((await remind('kyc2', 'fixed-usdt-30', 'en')).result.list).toMatchObject([
      { product_id: 'fixed-usdt-30', event: ReminderEvent.Quota },
    ])
    expect((await remind('insider', 'fixed-usdt-30')).ret_code).toBe(0)
    const off = await call(TelegramSettingsCall.SetNotifications, 'insider', { enabled: false })
    expect(off.result.notifications).toBe(false)

    await app.t.db.execute(
      sql`update products set remaining_quota = 500 where id = 'fixed-usdt-30'`,
    )
    expect((await jobs()).reminders).toBe(2)
    await app.sender.drain()
    await app.sender.drain()
    expect(toChat(CHAT.kyc2).map((m) => m.body.text)).toEqual([
      'USDT Fixed Term has quota available again.',
    ])
    expect(toChat(CHAT.insider)).toEqual([])
    const rows = await queryRows<{ user_id: number; status: number }>(
      app.t.db,
      sql`select user_id, status from bot_outbox where kind = 'reminder_quota'`,
    )
    expect(rows).toEqual([{ user_id: DEMO_IDS.kyc2, status: OutboxStatus.Sent }])
  })
})
