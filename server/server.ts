import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { createNodeWebSocket } from '@hono/node-ws'
import type { Hono } from 'hono'
import { createApp } from './app'
import { ManualClock, systemClock, type Clock } from './clock'
import type { AppConfig } from './config'
import { databaseOptionsFromConfig, openDatabase, type DatabaseHandle } from './db/client'
import { seedDatabase } from './db/seed'
import { startEarnJobs } from './jobs/earn-jobs'
import { startExportWorker, type ExportWorkerOptions } from './modules/export/worker'
import { PriceSimulator } from './modules/market/price-simulator'

export type RunningServer = {
  url: string
  port: number
  app: Hono
  database: DatabaseHandle
  /** Stops accepting connections, closes sockets, then the database. */
  close(): Promise<void>
}

/** Opens the database, migrates, seeds and listens: what `npm start` and socket tests run. */
export async function startServer(
  config: AppConfig,
  options: {
    clock?: Clock
    database?: DatabaseHandle
    withClient?: boolean
    exportWorker?: Partial<ExportWorkerOptions>
  } = {},
): Promise<RunningServer> {
  // TEST_MODE: a manual clock the test-only /s1/byfi/test/advance-clock endpoint can move.
  const clock = options.clock ?? (config.TEST_MODE ? new ManualClock() : systemClock)
  const database = options.database ?? (await openDatabase(databaseOptionsFromConfig(config)))
  await database.migrate()
  await seedDatabase(database.db, clock.now())

  // The Node WebSocket adapter only needs `request` of the app, which exists once built below.
  const ref: { app?: Hono } = {}
  const nodeWs = createNodeWebSocket({
    app: { request: (...args: Parameters<Hono['request']>) => ref.app!.request(...args) } as Hono,
  })
  const app = (ref.app = createApp({
    db: database.db,
    dbKind: database.kind,
    config,
    clock,
    upgradeWebSocket: nodeWs.upgradeWebSocket,
    ...(options.withClient === false ? {} : { staticDir: config.STATIC_DIR }),
  }))

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () =>
      resolve(s),
    )
  })
  nodeWs.injectWebSocket(server)
  const stopEarnJobs = startEarnJobs({
    db: database.db,
    clock,
    market: new PriceSimulator(database.db, config.MARKET_SEED),
  })
  const stopExportWorker = startExportWorker(
    { db: database.db, clock, dataDir: config.DATA_DIR },
    options.exportWorker,
  )
  const port = (server.address() as AddressInfo).port
  const host = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST

  let closing: Promise<void> | undefined
  return {
    url: `http://${host}:${port}`,
    port,
    app,
    database,
    close: () =>
      (closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          // Open keep-alive and WebSocket connections would hold close() forever.
          if ('closeAllConnections' in server) server.closeAllConnections()
        })
        await stopEarnJobs()
        await stopExportWorker()
        await database.close()
      })()),
  }
}
