import type { AddressInfo } from 'node:net'
import { serve, type Http2Bindings, type HttpBindings, type ServerType } from '@hono/node-server'
import { createNodeWebSocket } from '@hono/node-ws'
import type { Hono } from 'hono'
import { earnCallPath } from '../contract/paths'
import { botApiFor, createApp, orderGateOf } from './app'
import { ManualClock, systemClock, type Clock } from './clock'
import { DEV_BOT_TOKEN, publicOrigin, type AppConfig } from './config'
import { databaseOptionsFromConfig, openDatabase, type DatabaseHandle } from './db/client'
import { seedDatabase } from './db/seed'
import { biometryVault, sealPlainBiometricKeys } from './telegram/biometry-vault'
import { SOCKET_MAX_PAYLOAD_BYTES } from './http/socket-limits'
import { startEarnJobs } from './jobs/earn-jobs'
import { warmFirstView } from './modules/client-shell/mount-client'
import { startExportWorker, type ExportWorkerOptions } from './modules/export/worker'
import { PriceSimulator } from './modules/market/price-simulator'
import { OutboxSender, type OutboxSenderOptions } from './telegram/outbox-sender'

const PAY_ORDER_PATH = earnCallPath('pay-order')

/** How long an idle keep-alive connection stays open (over the 60 s of common proxies). */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000

export type RunningServer = {
  url: string
  port: number
  app: Hono
  database: DatabaseHandle
  /**
   * Graceful stop: stops accepting connections, closes WebSockets with 1012 (service restart:
   * clients reconnect, to another server or this one when it is back), lets requests in flight
   * finish for up to `drainMs` (default 10 s), then cuts what is left, stops the jobs and
   * closes the database.
   */
  close(options?: { drainMs?: number }): Promise<void>
  /** HTTP requests being answered now. */
  inFlight(): number
}

/** WebSocket close code 1012 "Service Restart": the clients' reconnect-with-backoff path. */
export const SHUTDOWN_CLOSE_CODE = 1012
export const DEFAULT_DRAIN_MS = 10_000

/** Opens the database, migrates, seeds and listens: what `npm start` and socket tests run. */
export async function startServer(
  config: AppConfig,
  options: {
    clock?: Clock
    database?: DatabaseHandle
    withClient?: boolean
    exportWorker?: Partial<ExportWorkerOptions>
    botOutbox?: Partial<OutboxSenderOptions>
  } = {},
): Promise<RunningServer> {
  // TEST_MODE: a manual clock the test-only /s1/byfi/test/advance-clock endpoint can move.
  const clock = options.clock ?? (config.TEST_MODE ? new ManualClock() : systemClock)
  const database = options.database ?? (await openDatabase(databaseOptionsFromConfig(config)))
  await database.migrate()
  await seedDatabase(database.db, clock.now(), { demo: config.SEED_DEMO })
  // Keys stored before they were sealed (migration 0011) are sealed now: the SQL has no secret.
  await sealPlainBiometricKeys(database.db, biometryVault(config.BIOMETRY_KEY_SECRET))

  // The Node WebSocket adapter only needs `request` of the app, which exists once built below.
  const ref: { app?: Hono } = {}
  const nodeWs = createNodeWebSocket({
    app: { request: (...args: Parameters<Hono['request']>) => ref.app!.request(...args) } as Hono,
  })
  // One market simulator: the API, the sockets and the jobs price with the same instance.
  const market = new PriceSimulator(database.db, config.MARKET_SEED)
  // ws buffers a frame up to maxPayload before any handler sees it (default 100 MB): bigger
  // frames now close the connection with 1009 at 8 KB.
  nodeWs.wss.options.maxPayload = SOCKET_MAX_PAYLOAD_BYTES
  const orderGate = orderGateOf(config)
  const app = (ref.app = createApp({
    db: database.db,
    dbKind: database.kind,
    config,
    clock,
    market,
    orderGate,
    upgradeWebSocket: nodeWs.upgradeWebSocket,
    ...(options.withClient === false ? {} : { staticDir: config.STATIC_DIR }),
  }))

  const server: ServerType = await new Promise((resolve) => {
    // pay-orders begin a few a turn of the event loop, before any middleware (OrderGate.arrive):
    // a rush's thousand arrivals would otherwise hold the loop, and every other call with them.
    const fetch = (request: Request, env: HttpBindings | Http2Bindings) =>
      env.incoming.method === 'POST' && env.incoming.url === PAY_ORDER_PATH
        ? orderGate.arrive(env.incoming).then(() => app.fetch(request, env))
        : app.fetch(request, env)
    const s = serve({ fetch, port: config.PORT, hostname: config.HOST }, () => resolve(s))
  })
  nodeWs.injectWebSocket(server)
  // The first visitor after a start is drawn as fast as the next (mount-client.ts).
  if (options.withClient !== false) void warmFirstView(app)
  // An idle keep-alive connection is closed after this, not Node's 5 s: a client that reuses it
  // just as the server closes it gets a reset (e2e's API calls saw ECONNRESET), and proxies and
  // browsers keep idle connections a minute or more. Idle sockets cost a file descriptor each.
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
  // Requests in flight, counted until their response is fully written (or the socket drops).
  let inFlight = 0
  let draining = false
  let drained: (() => void) | undefined
  server.on('request', (_req: unknown, res: import('node:http').ServerResponse) => {
    inFlight++
    if (draining) res.setHeader('connection', 'close')
    res.once('close', () => {
      inFlight--
      if (!draining) return
      if ('closeIdleConnections' in server) server.closeIdleConnections()
      if (inFlight === 0) drained?.()
    })
  })
  const stopEarnJobs = startEarnJobs({
    db: database.db,
    clock,
    market,
    yieldAlertUsd: config.NOTIFY_YIELD_THRESHOLD_USD,
  })
  const stopExportWorker = startExportWorker(
    { db: database.db, clock, dataDir: config.DATA_DIR },
    options.exportWorker,
  )
  const port = (server.address() as AddressInfo).port
  // Bot notifications need a real bot: with the development token there is nobody to send as.
  const outbox =
    config.BOT_TOKEN === DEV_BOT_TOKEN
      ? null
      : new OutboxSender(
          {
            db: database.db,
            clock,
            bot: botApiFor(config),
            origin: publicOrigin({ ...config, PORT: port }),
          },
          options.botOutbox,
        )
  outbox?.start()
  const host = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST

  let closing: Promise<void> | undefined
  return {
    url: `http://${host}:${port}`,
    port,
    app,
    database,
    inFlight: () => inFlight,
    close: ({ drainMs = DEFAULT_DRAIN_MS } = {}) =>
      (closing ??= (async () => {
        draining = true
        // No new connections; keep-alive connections with nothing in flight go at once.
        const listenerClosed = new Promise<void>((resolve) => server.close(() => resolve()))
        if ('closeIdleConnections' in server) server.closeIdleConnections()
        for (const ws of nodeWs.wss.clients) ws.close(SHUTDOWN_CLOSE_CODE, 'server shutting down')
        const deadline = Date.now() + drainMs
        if (inFlight > 0) {
          const timer = new Promise<void>((resolve) => setTimeout(resolve, drainMs).unref())
          await Promise.race([new Promise<void>((resolve) => (drained = resolve)), timer])
        }
        // Give the close handshakes a moment, so the 1012 frame reaches the clients.
        const wsDeadline = Math.min(deadline, Date.now() + 1000)
        while (nodeWs.wss.clients.size && Date.now() < wsDeadline)
          await new Promise((resolve) => setTimeout(resolve, 20))
        // Past the drain bound (or sockets that did not answer the close): cut them.
        if ('closeAllConnections' in server) server.closeAllConnections()
        for (const ws of nodeWs.wss.clients) ws.terminate()
        await listenerClosed
        await stopEarnJobs()
        await stopExportWorker()
        await outbox?.stop()
        await database.close()
      })()),
  }
}
