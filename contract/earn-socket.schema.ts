import { z } from 'zod'

// The earn socket (spec §7): /x-api/earn/ws/public and /x-api/earn/ws/realtime_w (session
// required). Client frames: {op:'subscribe'|'unsubscribe', args:[topic]}, {op:'ping'}.
// Server frames: {op:'pong'}, {op, success, args, ret_msg}, {topic, ts, data}.

export const EARN_SOCKET_PATH_PREFIX = '/x-api/earn/ws'

/** Public topics (wire names shared with src/lib/sockets/earn-socket.ts). */
export const EarnPublicTopic = {
  DualAssetBenchmarkPrice: 'dual_asset.benchmark_price',
  DoubleWinOffer: 'double_win.offer',
  DiscountBuyOffer: 'discount_buy.offer',
  AllInstrumentInfo: 'instrument_info.all',
  FutureBoostOffer: 'future_boost.offer',
} as const
export type EarnPublicTopic = (typeof EarnPublicTopic)[keyof typeof EarnPublicTopic]

/** Private topics on realtime_w: the logged-in user's own orders, positions and exports. */
export const EarnPrivateTopic = {
  Order: 'user.order',
  Position: 'user.position',
  Export: 'user.export',
} as const
export type EarnPrivateTopic = (typeof EarnPrivateTopic)[keyof typeof EarnPrivateTopic]

export const earnSocketClientFrame = z.union([
  z.object({ op: z.literal('ping'), req_id: z.string().max(64).optional() }).strict(),
  z
    .object({
      op: z.enum(['subscribe', 'unsubscribe']),
      args: z.array(z.string().min(1).max(64)).min(1).max(20),
      req_id: z.string().max(64).optional(),
    })
    .strict(),
])
export type EarnSocketClientFrame = z.infer<typeof earnSocketClientFrame>

/** Answer to subscribe/unsubscribe (and to a bad frame, op 'error'). */
export type EarnSocketOpAnswer = {
  op: 'subscribe' | 'unsubscribe' | 'error'
  success: boolean
  args: string[]
  ret_msg: string
  req_id?: string
}

export type EarnSocketPush<T = unknown> = { topic: string; ts: number; data: T }

/** dual_asset.benchmark_price data: one item per dual pair. */
export type BenchmarkPrice = { symbol: string; price: string }
/** Offer topics: the live offers of that product type. */
export type OfferPush = {
  product_id: string
  coin: string
  apr: string
  index_price: string
  target_price: string | null
  remaining_quota: string
}
/** instrument_info.all: every open product's live state. */
export type InstrumentInfo = {
  product_id: string
  product_type: number
  apr: string
  remaining_quota: string
  card_status: number
}
/** user.order / user.position pushes carry ids and the new state; re-read details by call. */
export type UserOrderPush = { order_id: string; status: string; product_id: string }
export type UserPositionPush = { position_id: string; product_id: string; event: string }
