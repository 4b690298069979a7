import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TelegramSettingsCall } from '../../../contract/telegram-bot'
import { openDatabase, type DatabaseHandle } from '../../../server/db/client'
import { OutboxStatus } from '../../../server/telegram/notifications'
import { queryRows } from '../../support/db-state'
import {
  callApi,
  createScratchDatabase,
  killStartedServers,
  loginOver,
  startServerProcess,
  type ServerProcess,
} from '../../support/server-process'
import { startStandInBotApi, type StandInBotApi } from '../telegram-bot/stand-in-bot-api'

// Two servers on one PostgreSQL send the bot's outbox: a matured term is announced exactly
// once, with a restart of both servers between the maturity and the send.

const TOKEN = `8${randomBytes(3).readUIntBE(0, 3)}:${randomBytes(18).toString('base64url')}`
const CHAT = 6_000_001
const KYC1 = 100011
let bot: StandInBotApi
let database: { url: string; drop(): Promise<void> }
let handle: DatabaseHandle
const servers: ServerProcess[] = []
const dataDir = mkdtempSync(join(tmpdir(), 'earn-bot-pg-'))

const start = async () => {
  const s = await startServerProcess({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    TEST_MODE: '1',
    extra: { BOT_TOKEN: TOKEN, TELEGRAM_API_BASE: bot.base },
  })
  servers.push(s)
  return s
}

beforeAll(async () => {
  bot = await startStandInBotApi()
  database = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'earn_bot')
  await Promise.all([start(), start()])
  handle = await openDatabase({ kind: 'postgres', url: database.url, maxConnections: 2 })
})
afterAll(async () => {
  await handle?.close()
  for (const s of servers) await s.stop().catch(() => undefined)
  killStartedServers()
  await bot?.close()
  await database?.drop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('bot outbox on two servers', () => {
  it('a matured term sends one message, with both servers restarted in between', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess]
    const token = await loginOver(a.url, 'kyc1@earn.test')
    await handle.db.execute(sql`
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
    bot.delayMs = 1500
    await handle.db.execute(sql`
      update earn_positions set maturity_at = now() - interval '1 second'
       where id = ${paid.result.order.position_id}`)
    const ran = await callApi(a.url, '/s1/byfi/test/advance-clock', { seconds: 0 })
    expect(ran.result.jobs.matured).toBe(1)
    // Both restart at once: whichever held the message finishes it, the rest stays queued.
    await Promise.all([a.stop(), b.stop()])
    await Promise.all([start(), start()])

    const [message] = await bot.waitFor(1, 'sendMessage', 30_000)
    expect(message!.body.chat_id).toBe(CHAT)
    expect(message!.body.text).toMatch(/^Ваш срочный продукт в USDT погашен: 100(,\d+)? USDT/)
    expect(message!.body.reply_markup.inline_keyboard[0][0].web_app.url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/earn\/my-earn$/,
    )
    // Several poll cycles of both new servers later: still one.
    await new Promise((r) => setTimeout(r, 7_000))
    expect(bot.sent('sendMessage').filter((c) => c.body.chat_id === CHAT)).toHaveLength(1)
    const rows = await queryRows<{ status: number; attempts: number }>(
      handle.db,
      sql`select status, attempts from bot_outbox where user_id = ${KYC1}`,
    )
    expect(rows).toEqual([{ status: OutboxStatus.Sent, attempts: 1 }])
    console.log(`[bot-outbox-pg] one message after a restart of both servers`)
  })
})
