import { z } from 'zod'

/** GET /get-coins item: [enum, name, asset digits, transaction digits, dark icon, light icon]. */
export type CoinTuple = [number, string, number, number, string, string]

export const quoteTokensRequest = z
  .object({ tokenId: z.enum(['USDT', 'USDC']).optional() })
  .strict()
export type QuoteTokensRequest = z.input<typeof quoteTokensRequest>

/** POST /spot/s_api/basic/quote_tokens: each quote token with the base tokens it trades. */
export type QuoteToken = {
  tokenId: string
  quoteTokenSymbols: { baseTokenId: string; symbol: string }[]
}

/** Exchange id prefix of spot symbols in ticker queries (301.BTCUSDT). */
export const SPOT_EXCHANGE_ID = '301'
export const TICKER_BATCH_LIMIT = 100

/** GET /spot/api/quote/v1/ticker item: s and c are what the client reads (spec §3). */
export type Ticker = {
  x: string
  s: string
  c: string
  o: string
  h: string
  l: string
  v: string
  qv: string
  m: string
  t: number
}

/** Spot quote socket push item (spec §7): t, s, c, h, l, o, v, qv, m. */
export type RealtimeQuote = {
  t: number
  s: string
  c: string
  h: string
  l: string
  o: string
  v: string
  qv: string
  m: string
}

export type Candle = {
  t: number
  o: string
  h: string
  l: string
  c: string
  v: string
  qv: string
}

export type ExchangeRate = { name: string; base: 'USD'; rate: string; updated_at: number }

export type StrategyInfo = {
  strategy_id: string
  strategy_type: 'spot_grid' | 'dca'
  name: string
  symbol: string
  lower_price: string
  upper_price: string
  grid_count: number
  min_investment: string
  last_price: string
  roi_7d: string
  runtime_days: number
  copy_count: number
}
