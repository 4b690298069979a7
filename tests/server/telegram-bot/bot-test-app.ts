import { telegramLinks } from '../../../server/db/schema'
import { PriceSimulator } from '../../../server/modules/market/price-simulator'
import { BotApi } from '../../../server/telegram/bot-api'
import { OutboxSender } from '../../../server/telegram/outbox-sender'
import { createTestApp } from '../../support/test-app'
import { DEMO_IDS } from '../support/earn'
import { startStandInBotApi } from './stand-in-bot-api'

/** The bot's public origin the tests' web_app buttons open. */
export const BOT_TEST_ORIGIN = 'https://earn.example.test'

/**
 * A PGlite app, a stand-in Bot API, an outbox sender to it, the market for the earn jobs, and
 * the demo users of `chats` linked to those Telegram chats.
 */
export type BotTestApp = Awaited<ReturnType<typeof startBotTestApp>>

export async function startBotTestApp(chats: Partial<Record<keyof typeof DEMO_IDS, number>>) {
  const t = await createTestApp()
  const bot = await startStandInBotApi()
  const market = new PriceSimulator(t.db, t.config.MARKET_SEED)
  const sender = new OutboxSender({
    db: t.db,
    clock: t.clock,
    bot: new BotApi({ base: bot.base, token: t.config.BOT_TOKEN }),
    origin: BOT_TEST_ORIGIN,
  })
  for (const [who, chat] of Object.entries(chats))
    await t.db.insert(telegramLinks).values({
      telegramUserId: chat,
      userId: DEMO_IDS[who as keyof typeof DEMO_IDS],
      firstName: who,
      linkedAt: t.clock.now(),
    })
  return { t, bot, market, sender }
}
