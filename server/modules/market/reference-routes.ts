import Decimal from 'decimal.js'
import { Hono } from 'hono'
import { EXCHANGE_RATE_PATH, type FiatCurrency } from '../../../contract/fiat-currencies'
import type { ExchangeRate, StrategyInfo } from '../../../contract/market.schema'
import type { AppContext } from '../../deps'
import { envelope } from '../../http/envelope'
import { ApiError, RetCode } from '../../http/errors'

/** Fiat per 1 USD (our fixed table: the spec shows neither the source nor the fields). */
const FIAT_PER_USD: Record<FiatCurrency, string> = {
  USD: '1',
  EUR: '0.92',
  GBP: '0.79',
  JPY: '151.2',
  HKD: '7.81',
  AED: '3.6725',
  TRY: '34.1',
  RUB: '92.5',
  KZT: '478',
  INR: '83.4',
  BRL: '5.05',
  AUD: '1.52',
  CAD: '1.36',
  SGD: '1.34',
  IDR: '15800',
  GEL: '2.68',
}

/** Demo trading-bot strategies (spec §3 "fields not shown": ours, see docs/api.md). */
const STRATEGIES: Record<string, { name: string; symbol: string; type: 'spot_grid' | 'dca' }> = {
  '1001': { name: 'BTC steady grid', symbol: 'BTCUSDT', type: 'spot_grid' },
  '1002': { name: 'ETH wide grid', symbol: 'ETHUSDT', type: 'spot_grid' },
  '1003': { name: 'SOL weekly DCA', symbol: 'SOLUSDT', type: 'dca' },
  '1004': { name: 'TON range grid', symbol: 'TONUSDT', type: 'spot_grid' },
}

/** Reference data under /private/ paths that carry no user data, so anonymous callers get it too. */
export function referenceRoutes({ clock, market }: Pick<AppContext, 'clock' | 'market'>): Hono {
  return new Hono()
    .get(EXCHANGE_RATE_PATH, (c) => {
      const name = (c.req.query('name') ?? '').trim().toUpperCase()
      if (!name) throw new ApiError(RetCode.InvalidRequest, 'name is required (e.g. EUR)')
      const rate = (FIAT_PER_USD as Record<string, string>)[name]
      if (!rate) {
        throw new ApiError(
          RetCode.InvalidRequest,
          `unknown currency ${name.slice(0, 16)}; known: ${Object.keys(FIAT_PER_USD).join(', ')}`,
        )
      }
      const result: ExchangeRate = {
        name,
        base: 'USD',
        rate,
        updated_at: Math.floor(clock.now().getTime() / 1000),
      }
      return c.json(envelope(result, clock))
    })
    .get('/discovery/v5/private/discovery/strategy-info', async (c) => {
      const id = c.req.query('strategy_id') ?? ''
      if (!/^\d{1,12}$/.test(id)) {
        throw new ApiError(RetCode.InvalidRequest, 'strategy_id must be a number')
      }
      const strategy = STRATEGIES[id]
      if (!strategy) throw new ApiError(RetCode.InvalidRequest, `unknown strategy_id ${id}`)
      const now = clock.now()
      const weekAgo = new Date(now.getTime() - 7 * 86_400_000)
      const [last, before] = await Promise.all([
        market.usdPrice(strategy.symbol.replace(/USDT$/, ''), now),
        market.usdPrice(strategy.symbol.replace(/USDT$/, ''), weekAgo),
      ])
      const price = new Decimal(last ?? '0')
      const digits = Math.max(0, (last ?? '0').split('.')[1]?.length ?? 0)
      // A grid earns from movement either way: ROI follows the size of the weekly move.
      const move = price
        .minus(before ?? price)
        .abs()
        .div(before ?? 1)
      const result: StrategyInfo = {
        strategy_id: id,
        strategy_type: strategy.type,
        name: strategy.name,
        symbol: strategy.symbol,
        lower_price: price.mul('0.85').toFixed(digits),
        upper_price: price.mul('1.15').toFixed(digits),
        grid_count: strategy.type === 'spot_grid' ? 40 : 0,
        min_investment: '50',
        last_price: price.toFixed(digits),
        roi_7d: move.mul('0.6').toFixed(4),
        runtime_days: 30 + Number(id.slice(-1)) * 7,
        copy_count: 120 + (Number(id) % 97),
      }
      return c.json(envelope(result, clock))
    })
}
