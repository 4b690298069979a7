import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase, type DatabaseHandle } from '../../../server/db/client'
import {
  createScratchDatabase,
  killStartedServers,
  startServerProcess,
  type ServerProcess,
} from '../../support/server-process'
import { startStandInBotApi, type StandInBotApi } from '../telegram-bot/stand-in-bot-api'

/** Two server processes on one scratch PostgreSQL, both sending through one stand-in Bot API. */
export type BotServerPair = {
  bot: StandInBotApi
  handle: DatabaseHandle
  /** The two servers running now. */
  servers: () => [ServerProcess, ServerProcess]
  /** Stops both at once and starts two new ones on the same database. */
  restartBoth: () => Promise<[ServerProcess, ServerProcess]>
  close: () => Promise<void>
}

export async function startBotServerPair(name: string): Promise<BotServerPair> {
  const token = `8${randomBytes(3).readUIntBE(0, 3)}:${randomBytes(18).toString('base64url')}`
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`))
  const bot = await startStandInBotApi()
  const database = await createScratchDatabase(process.env.TEST_DATABASE_URL!, name)
  const start = () =>
    startServerProcess({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      TEST_MODE: '1',
      extra: { BOT_TOKEN: token, TELEGRAM_API_BASE: bot.base },
    })
  let servers = (await Promise.all([start(), start()])) as [ServerProcess, ServerProcess]
  const handle = await openDatabase({ kind: 'postgres', url: database.url, maxConnections: 2 })
  return {
    bot,
    handle,
    servers: () => servers,
    restartBoth: async () => {
      await Promise.all(servers.map((s) => s.stop()))
      servers = (await Promise.all([start(), start()])) as [ServerProcess, ServerProcess]
      return servers
    },
    close: async () => {
      await handle.close()
      for (const s of servers) await s.stop().catch(() => undefined)
      killStartedServers()
      await bot.close()
      await database.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
