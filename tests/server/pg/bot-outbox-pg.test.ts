import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TelegramSettingsCall } from '../../../contract/telegram-bot'
import { OutboxStatus } from '../../../server/telegram/notifications'
import { queryRows } from '../../support/db-state'
import { callApi, loginOver } from '../../support/server-process'
import { startBotServerPair, type BotServerPair } from './bot-server-pair'

// Two servers on one PostgreSQL send the bot's outbox: a matured term is announced exactly
// once, with a restart of both servers between the maturity and the send.

const CHAT = 6_000_001
const KYC1 = 100011
let pair: BotServerPair

beforeAll(async () => {
  pair = await startBotServerPair('earn_bot')
})
afterAll(async () => {
  await pair?.close()
})

describe('bot outbox on two servers', () => {
  it('a matured term sends one message, with both servers restarted in between', async () => {
    const [a, b] = pair.servers()
    const token = await loginOver(a.url, 'kyc1@earn.test')
    await pair.handle.db.execute(sql`
      insert into telegram_links (telegram_user_id, user_id, first_name, linked_at)
      values (${CHAT}, ${KYC1}, 'kyc1', now())`)
    const on = await callApi(
      b.url,
      `/s1/byfi/${TelegramSettingsCall.SetNotifications}`,
      { enabled: true, language: 'ru' },
      token,
    )
    expect(on.ret_code, on.ret_msg).toBe(0)
    const paid = await callApi(
      a.url,
      '/s1/byfi/pay-order',
      { order_id: `bot-pg-${Date.now()}`, product_id: 'fixed-usdt-7', amount: '100' },
      token,
    )
    expect(paid.ret_code, paid.ret_msg).toBe(0)

    // The term ends now; a slow Telegram keeps each send in flight across poll cycles.
    pair.bot.delayMs = 1500
    await pair.handle.db.execute(sql`
      update earn_positions set maturity_at = now() - interval '1 second'
       where id = ${paid.result.order.position_id}`)
    const ran = await callApi(a.url, '/s1/byfi/test/advance-clock', { seconds: 0 })
    expect(ran.result.jobs.matured).toBe(1)
    // Both restart at once: whichever held the message finishes it, the rest stays queued.
    await pair.restartBoth()

    const [message] = await pair.bot.waitFor(1, 'sendMessage', 30_000)
    expect(message!.body.chat_id).toBe(CHAT)
    expect(message!.body.text).toMatch(/^Ваш срочный продукт в USDT погашен: 100(,\d+)? USDT/)
    expect(message!.body.reply_markup.inline_keyboard[0][0].web_app.url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/earn\/my-earn$/,
    )
    // Several poll cycles of both new servers later: still one.
    await new Promise((r) => setTimeout(r, 7_000))
    expect(pair.bot.sent('sendMessage').filter((c) => c.body.chat_id === CHAT)).toHaveLength(1)
    const rows = await queryRows<{ status: number; attempts: number }>(
      pair.handle.db,
      sql`select status, attempts from bot_outbox where user_id = ${KYC1}`,
    )
    expect(rows).toEqual([{ status: OutboxStatus.Sent, attempts: 1 }])
    console.log(`[bot-outbox-pg] one message after a restart of both servers`)
  })
})
