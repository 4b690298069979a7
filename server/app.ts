import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import {
  API_PREFIX,
  EARN_PATH,
  EARN_SOCKET_PATH,
  OPENAPI_PATH,
  TELEGRAM_WEBHOOK_PREFIX,
} from '../contract/paths'
import type { AppConfig } from './config'
import type { AppContext, AppDeps } from './deps'
import { authMiddleware } from './http/auth'
import { forwardedForWarning } from './http/client-address'
import { envelope, errorResponse } from './http/envelope'
import { limitBody, MAX_BODY_BYTES } from './http/request-body'
import { ApiError, RetCode } from './http/errors'
import { requestGuard } from './http/request-guard'
import { securityHeaders } from './http/security-headers'
import { SocketAddressLimiter } from './http/socket-limits'
import { analyticsRoutes } from './modules/analytics/routes'
import { configRoutes } from './modules/config/routes'
import { mountClient } from './modules/client-shell/mount-client'
import { earnCallRoutes } from './http/earn-call'
import { earnOpenApiDocument } from './http/openapi'
import { accountCalls } from './modules/earn/account-calls'
import { catalogueCalls } from './modules/earn/catalogue-calls'
import { orderCalls } from './modules/earn/order-calls'
import { OrderGate } from './modules/earn/order-gate'
import { PayBatcher } from './modules/earn/order-batch'
import { serverTiming } from './http/server-timing'
import { ProductCardsCache } from './modules/earn/product-cards-cache'
import { testClockRoutes } from './modules/earn/test-clock-routes'
import { EarnSocketHub, earnSocketRoutes } from './modules/earn/socket'
import { billExportCalls, exportRecordRoutes } from './modules/export/routes'
import { healthRoutes } from './modules/health/routes'
import { AUTH_PREFIX, authRoutes } from './modules/identity/auth-routes'
import { profileRoutes } from './modules/identity/profile-routes'
import { PriceSimulator } from './modules/market/price-simulator'
import { quoteBurstRoutes } from './modules/market/quote-burst'
import { mountQuoteSocket, QuoteHub, QUOTE_SOCKET_PATH } from './modules/market/quote-socket'
import { referenceRoutes } from './modules/market/reference-routes'
import { marketRoutes } from './modules/market/routes'
import { BotApi } from './telegram/bot-api'
import { telegramSettingsCalls } from './telegram/settings-calls'
import { telegramReminderCalls } from './telegram/reminders'
import { telegramShareCalls } from './telegram/share-calls'
import { residenceCalls } from './modules/identity/residence'
import { telegramWebhookRoutes } from './telegram/webhook-routes'

export type { AppContext, AppDeps } from './deps'

export { MAX_BODY_BYTES } from './http/request-body'

export const botApiFor = (config: AppConfig) =>
  new BotApi({ base: config.TELEGRAM_API_BASE, token: config.BOT_TOKEN })

/** pay-order's turns as the config sets them (PAY_ORDER_CONCURRENCY, PAY_ORDER_MAX_WAIT_MS). */
export const orderGateOf = (config: AppConfig) =>
  new OrderGate({
    concurrency: config.PAY_ORDER_CONCURRENCY,
    maxWaitMs: config.PAY_ORDER_MAX_WAIT_MS,
  })

/** Pure app factory: the same app serves production and tests (via app.request()). */
export function createApp(appDeps: AppDeps): Hono {
  const { clock, config } = appDeps
  const deps: AppContext = {
    ...appDeps,
    market: appDeps.market ?? new PriceSimulator(appDeps.db, config.MARKET_SEED),
    // The product cards every user shares, held until a product changes (issue 28).
    cardsCache: new ProductCardsCache(appDeps.db, appDeps.dbKind),
    payBatcher: new PayBatcher(appDeps.db),
    orderGate: appDeps.orderGate ?? orderGateOf(config),
  }
  const app = new Hono()
  app.use(serverTiming())
  app.use(securityHeaders(config))
  app.use(forwardedForWarning(config.TRUST_PROXY_HOPS))
  // TEST_MODE moves the server's clock (test-clock-routes): the Date header follows it, so the
  // client's clock sync (spec §5, time fetch of §7) sees the time the server works in.
  if (config.TEST_MODE) {
    app.use(async (c, next) => {
      await next()
      if (c.res.status !== 101) c.res.headers.set('Date', clock.now().toUTCString())
    })
  }

  const api = new Hono()
  api.use(
    limitBody(MAX_BODY_BYTES, (c) =>
      errorResponse(c, new ApiError(RetCode.PayloadTooLarge, undefined, 413), clock),
    ),
  )
  api.use(requestGuard())
  api.use(authMiddleware(deps))
  api.route('/', healthRoutes(deps))
  api.route(AUTH_PREFIX, authRoutes(deps))
  api.route('/', profileRoutes(deps))
  api.route('/', marketRoutes(deps))
  api.route('/', referenceRoutes(deps))
  api.route('/', configRoutes(deps))
  api.route('/', analyticsRoutes(deps))
  // Every earn call of the registry, each from one handler (server/http/earn-call.ts).
  const earnCalls = [
    ...catalogueCalls(deps),
    ...orderCalls(deps),
    ...accountCalls(deps),
    ...billExportCalls(deps),
    ...telegramSettingsCalls(deps),
    ...telegramShareCalls(deps),
    ...telegramReminderCalls(deps),
    ...residenceCalls(deps),
  ]
  api.route(EARN_PATH, earnCallRoutes(earnCalls, clock))
  api.route(EARN_PATH, testClockRoutes(deps))
  // In the envelope like every answer under the prefix; `result` is the OpenAPI document.
  api.get(OPENAPI_PATH, (c) => c.json(envelope(earnOpenApiDocument(), clock)))
  // The bot's webhook exists only with its secret (docs/telegram.md); otherwise 404.
  if (config.BOT_WEBHOOK_SECRET)
    api.route(
      TELEGRAM_WEBHOOK_PREFIX,
      telegramWebhookRoutes(deps, botApiFor(config), config.BOT_WEBHOOK_SECRET),
    )
  api.route('/v1', exportRecordRoutes(deps))
  const earnHub = deps.upgradeWebSocket ? new EarnSocketHub(deps) : null
  // One count of open sockets per address, across both socket servers.
  const limiter = new SocketAddressLimiter(config.SOCKET_CONNECTIONS_PER_IP)
  api.route(
    EARN_SOCKET_PATH,
    earnSocketRoutes(earnHub, deps.upgradeWebSocket, { db: deps.db, clock, config, limiter }),
  )
  const quoteHub = deps.upgradeWebSocket
    ? new QuoteHub(deps.market, clock, config.QUOTE_SOCKET_IDLE_MS, config.SOCKET_FRAMES_PER_SECOND)
    : null
  // The UI bench's quote source: TEST_MODE only, absent (404) otherwise.
  if (config.TEST_MODE && quoteHub) api.route('/', quoteBurstRoutes(deps, quoteHub))
  app.route(API_PREFIX, api)

  if (deps.upgradeWebSocket && quoteHub)
    mountQuoteSocket(app, deps.upgradeWebSocket, quoteHub, { config, limiter })
  app.get(QUOTE_SOCKET_PATH, () => {
    throw new ApiError(RetCode.InvalidRequest, 'this path only accepts WebSocket upgrades', 400)
  })

  if (deps.staticDir)
    mountClient(app, { ...deps, staticDir: deps.staticDir, apiPrefix: API_PREFIX })

  app.notFound((c) => {
    const err = new ApiError(
      RetCode.NotFound,
      `no such path or method: ${c.req.method} ${c.req.path}`,
      404,
    )
    return errorResponse(c, err, clock)
  })

  app.onError((err, c) => {
    if (err instanceof ApiError) return errorResponse(c, err, clock)
    if (err instanceof HTTPException) {
      const status = err.status === 413 ? 413 : err.status === 404 ? 404 : 400
      const code =
        status === 413
          ? RetCode.PayloadTooLarge
          : status === 404
            ? RetCode.NotFound
            : RetCode.InvalidRequest
      return errorResponse(c, new ApiError(code, err.message || undefined, status), clock)
    }
    console.error('[server] unhandled error', c.req.method, c.req.path, err)
    return errorResponse(c, new ApiError(RetCode.Internal, undefined, 500), clock)
  })

  return app
}
