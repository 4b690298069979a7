import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EARN_PATH } from '../../../contract/paths'
import { TelegramReminderCall } from '../../../contract/telegram-reminders'
import { OutboxStatus } from '../../../server/telegram/notifications'
import { queryRows } from '../../support/db-state'
import { callApi, loginOver } from '../../support/server-process'
import { DEMO_IDS } from '../support/earn'
import { startBotServerPair, type BotServerPair } from './bot-server-pair'

// Remind me on two servers sharing one PostgreSQL (issue 27 item 3): a product opening, seen by
// both servers' earn jobs at once, sends exactly one reminder to the user who set it and none
// to the user who removed theirs, with both servers restarted before the event and again
// between the event and the send.

const CHAT = { kyc1: 6_100_001, kyc2: 6_100_002 } as const
const PRODUCT = 'launch-mnt'
let pair: BotServerPair

const call = (url: string, name: string, body: object, token: string) =>
  callApi(url, `${EARN_PATH}/${name}`, body, token)

beforeAll(async () => {
  pair = await startBotServerPair('earn_remind')
})
afterAll(async () => {
  await pair?.close()
})

describe('reminders on two servers', () => {
  it('a product opening sends one reminder per subscribed user, none to a removed one', async () => {
    const [a, b] = pair.servers()
    const kyc1 = await loginOver(a.url, 'kyc1@earn.test')
    const kyc2 = await loginOver(b.url, 'kyc2@earn.test')
    await pair.handle.db.execute(sql`
      insert into telegram_links (telegram_user_id, user_id, first_name, linked_at)
      values (${CHAT.kyc1}, ${DEMO_IDS.kyc1}, 'kyc1', now()),
             (${CHAT.kyc2}, ${DEMO_IDS.kyc2}, 'kyc2', now())`)
    const set1 = await call(
      a.url,
      TelegramReminderCall.Set,
      { product_id: PRODUCT, language: 'de' },
      kyc1,
    )
    expect(set1.ret_code, set1.ret_msg).toBe(0)
    expect(
      (await call(b.url, TelegramReminderCall.Set, { product_id: PRODUCT }, kyc2)).ret_code,
    ).toBe(0)
    const removed = await call(a.url, TelegramReminderCall.Remove, { product_id: PRODUCT }, kyc2)
    expect(removed.result.list).toEqual([])

    // Restart before the event; the product then opens 5 s from now, and both servers move
    // their clocks past it and run the earn jobs at the same time.
    const [a2, b2] = await pair.restartBoth()
    await pair.handle.db.execute(sql`
      update products set subscribe_start_at = now() + interval '5 seconds' where id = ${PRODUCT}`)
    pair.bot.delayMs = 1500
    const passes = await Promise.all(
      [a2!, b2!].map((s) => callApi(s.url, `${EARN_PATH}/test/advance-clock`, { seconds: 10 })),
    )
    expect(passes.map((p) => p.ret_code)).toEqual([0, 0])
    expect(passes.reduce((n, p) => n + p.result.jobs.reminders, 0)).toBe(1)
    // Restart between the event and the send: whichever holds the message finishes it.
    await pair.restartBoth()

    const [message] = await pair.bot.waitFor(1, 'sendMessage', 40_000)
    expect(message!.body.chat_id).toBe(CHAT.kyc1)
    expect(message!.body.text).toBe('MNT Launchpool ist jetzt zur Zeichnung geöffnet.')
    expect(message!.body.reply_markup.inline_keyboard[0][0].web_app.url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/earn\/product\/launch-mnt$/,
    )
    // Several poll cycles of both servers (and their earn jobs) later: still one, none to kyc2.
    await new Promise((r) => setTimeout(r, 7_000))
    const sent = pair.bot.sent('sendMessage')
    expect(sent.filter((c) => c.body.chat_id === CHAT.kyc1)).toHaveLength(1)
    expect(sent.filter((c) => c.body.chat_id === CHAT.kyc2)).toHaveLength(0)
    const rows = await queryRows<{ user_id: number; status: number }>(
      pair.handle.db,
      sql`select user_id, status from bot_outbox where kind = 'reminder_open'`,
    )
    expect(rows).toEqual([{ user_id: DEMO_IDS.kyc1, status: OutboxStatus.Sent }])
    expect(await queryRows(pair.handle.db, sql`select id from reminders`)).toEqual([])
    console.log('[reminders-pg] one reminder across two servers and two restarts')
  })
})
