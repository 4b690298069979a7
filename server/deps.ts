import type { UpgradeWebSocket } from 'hono/ws'
import type { Clock } from './clock'
import type { AppConfig } from './config'
import type { Database } from './db/client'
import type { PayBatcher } from './modules/earn/order-batch'
import type { OrderGate } from './modules/earn/order-gate'
import type { ProductCardsCache } from './modules/earn/product-cards-cache'
import type { PriceSimulator } from './modules/market/price-simulator'

// What the app factory is given and what it hands its modules. In a file of its own so modules
// depend on these types (each picks the few it uses), never on server/app.ts.

export type AppDeps = {
  db: Database
  dbKind: 'pglite' | 'postgres'
  config: AppConfig
  clock: Clock
  /** Directory of the built client; omitted in API-only tests. */
  staticDir?: string
  /** WebSocket upgrade from the Node adapter; absent in app.request() tests. */
  upgradeWebSocket?: UpgradeWebSocket
  /** The market simulator; built from db and MARKET_SEED when omitted. */
  market?: PriceSimulator
  /** pay-order's turns; built from the config when omitted (startServer passes its own). */
  orderGate?: OrderGate
}

/** What route modules receive: the deps plus the services the factory builds once. */
export type AppContext = AppDeps & {
  market: PriceSimulator
  cardsCache: ProductCardsCache
  /** pay-order's turns on this server (issue 28). */
  orderGate: OrderGate
  /** pay-orders on one product in batches (issue 28). */
  payBatcher: PayBatcher
}
