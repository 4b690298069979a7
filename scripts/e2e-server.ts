// The real server for the Playwright run: a fresh PGlite data dir, test mode and demo data on.
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// Always a directory of its own, emptied first: never the DATA_DIR a developer's shell exports
// for `npm start` (its database and exports would be deleted).
const dataDir = join(tmpdir(), `earn-e2e-${process.env.E2E_PORT ?? '4173'}`)
rmSync(dataDir, { recursive: true, force: true })
process.env.DATA_DIR = dataDir
// An explicit test start: with NODE_ENV unset the server is production and refuses TEST_MODE.
process.env.NODE_ENV = 'test'
process.env.TEST_MODE = '1'
process.env.SEED_DEMO = '1'
// Every browser of the run connects from 127.0.0.1: the per-address socket cap (default 20)
// would count all the parallel workers' pages together.
process.env.SOCKET_CONNECTIONS_PER_IP ??= '500'
// Likewise the anonymous analytics limit (30 batches a minute per address): over it the browser
// logs the 429 as a console error, which the specs count.
process.env.ANALYTICS_ANONYMOUS_PER_MINUTE ??= '5000'
// e2e checks what the served first view holds, not how fast it comes (the bench does): two
// browsers on two loaded cores can take longer than production's 300 ms to render it.
process.env.FIRST_VIEW_TIMEOUT_MS ??= '1500'
// A realtime_w closes within this of its session ending (logout): e2e waits for it.
process.env.EARN_SOCKET_SESSION_CHECK_MS ??= '2000'
// The Bot API is a stand-in on 127.0.0.1 (tests/server/telegram-bot/stand-in-bot-api.ts): a
// share prepares its message there, and notifications go nowhere real.
if (!process.env.TELEGRAM_API_BASE) {
  const { startStandInBotApi } = await import('../tests/server/telegram-bot/stand-in-bot-api')
  process.env.TELEGRAM_API_BASE = (await startStandInBotApi()).base
}
await import('../server/main')
