// The earn socket (spec §7), dependency-free: EARN_SOCKET_PATH_PREFIX (paths.ts) + /public and
// `/realtime_w` (session required). Client frames: {op:'subscribe'|'unsubscribe', args:[topic]},
// {op:'ping'}. Server frames: {op:'pong'}, {op, success, args, ret_msg}, {topic, ts, data}.

/**
 * realtime_w authenticates with a ticket (POST SOCKET_TICKET_PATH) presented as a WebSocket
 * subprotocol: the client offers [EARN_SOCKET_PROTOCOL, SOCKET_TICKET_PROTOCOL_PREFIX + ticket]
 * and the server selects EARN_SOCKET_PROTOCOL. Never a token in the URL.
 */
export const EARN_SOCKET_PROTOCOL = 'earn.v1'
export const SOCKET_TICKET_PROTOCOL_PREFIX = 'ticket.'

/** What POST SOCKET_TICKET_PATH answers. */
export type SocketTicketResult = { ticket: string; expires_at: number }

/** The two channels, one socket path each. */
export const EarnSocketChannel = { Public: 'public', RealtimeW: 'realtime_w' } as const
export type EarnSocketChannel = (typeof EarnSocketChannel)[keyof typeof EarnSocketChannel]

/** Public topics. */
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
