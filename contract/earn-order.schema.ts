import { z } from 'zod'
import { biometricConfirm, biometryChallenge } from './telegram-settings.schema'
import {
  DualStage,
  LiquidityOperation,
  OrderStatus,
  VoucherStatus,
  WalletRecordType,
} from './enums'
import {
  amountString,
  MAX_UNIX_SECONDS,
  decimalString,
  productId,
  productTypeValue,
  unixSeconds,
} from './earn.schema'

// Order payloads: preview-order, pay-order, confirm-order, redeem, claim-yield (spec §7 calls,
// shapes ours, like Binance Simple Earn's subscribe/redeem and Bybit Earn's place-order).

const literals = <T extends Record<string, string | number>>(e: T) =>
  z.union(Object.values(e).map((v) => z.literal(v as T[keyof T])))

export const orderStatusValue = literals(OrderStatus)
export const voucherStatusValue = literals(VoucherStatus)
export const dualStageValue = literals(DualStage)
export const liquidityOperationValue = literals(LiquidityOperation)
export const walletRecordTypeValue = literals(WalletRecordType)

/** The client's idempotency key: a retry with the same id never pays twice. */
export const clientOrderId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8-64 letters, digits, - or _')

// ---- preview-order ----

export const previewOrderRequest = z
  .object({
    product_id: productId,
    amount: amountString,
    voucher_id: z.string().min(1).max(64).optional(),
    /** Liquidity: the leverage to open with (1 to the pool's maximum). */
    leverage: amountString.optional(),
  })
  .strict()
export type PreviewOrderRequest = z.infer<typeof previewOrderRequest>

export const orderQuote = z.object({
  /** Index price the order is priced at; send it back in pay-order as quote_price. */
  price: decimalString,
  /** Pay-order answers 340 when the index moved more than this fraction since the quote. */
  tolerance: decimalString,
  quoted_at: unixSeconds,
})
export type OrderQuote = z.infer<typeof orderQuote>

export const previewOrderResponse = z.object({
  product_id: z.string(),
  product_type: productTypeValue,
  coin: z.string(),
  amount: decimalString,
  /** APR before the voucher (tier-weighted for tiered products). */
  apr: decimalString,
  /** APR after the voucher's boost. */
  effective_apr: decimalString,
  /** Yield over the term (fixed) or per day (flexible, term_days 0). */
  estimated_yield: decimalString,
  estimated_daily_yield: decimalString,
  /** Bonus voucher amount paid at subscription. */
  bonus: decimalString,
  subscribe_at: unixSeconds,
  /** Yield starts accruing (next whole hour). */
  value_date: unixSeconds,
  /** Fixed term: maturity; null for flexible. */
  maturity_at: unixSeconds.nullable(),
  min_amount: decimalString,
  max_amount: decimalString,
  user_remaining_limit: decimalString,
  /** Available FUNDING balance of the coin. */
  available_balance: decimalString,
  quote: orderQuote.nullable(),
})
export type PreviewOrderResponse = z.infer<typeof previewOrderResponse>

// ---- pay-order ----

export const payOrderRequest = z
  .object({
    order_id: clientOrderId,
    product_id: productId,
    amount: amountString,
    voucher_id: z.string().min(1).max(64).optional(),
    /** Required for priced products (dual, double-win, discount-buy, future-boost). */
    quote_price: amountString.optional(),
    leverage: amountString.optional(),
    /** While biometry is on: signs biometricMessage(challenge, call, body), hex. */
    confirm: biometricConfirm,
    challenge: biometryChallenge.optional(),
  })
  .strict()
export type PayOrderRequest = z.infer<typeof payOrderRequest>

export const earnOrder = z.object({
  order_id: z.string(),
  product_id: z.string(),
  product_type: productTypeValue,
  coin: z.string(),
  amount: decimalString,
  status: orderStatusValue,
  /** Order code (spec §8) when failed, else 0. */
  fail_code: z.number().int(),
  position_id: z.string().nullable(),
  created_at: unixSeconds,
  updated_at: unixSeconds,
})
export type EarnOrder = z.infer<typeof earnOrder>

export const payOrderResponse = z.object({ order: earnOrder })
export type PayOrderResponse = z.infer<typeof payOrderResponse>

// ---- confirm-order ----

export const confirmOrderRequest = z.object({ order_id: clientOrderId }).strict()
export type ConfirmOrderRequest = z.infer<typeof confirmOrderRequest>
export const confirmOrderResponse = payOrderResponse
export type ConfirmOrderResponse = PayOrderResponse

// ---- redeem (unstake) ----

export const redeemRequest = z
  .object({
    /** Idempotency key of the redemption. */
    order_id: clientOrderId,
    position_id: z.string().min(1).max(64),
    /** Flexible: part of the principal; omitted = all. Fixed terms always redeem all. */
    amount: amountString.optional(),
    /** Fixed term before maturity: must be true, the accrued yield is forfeited. */
    early: z.boolean().optional(),
    confirm: biometricConfirm,
    challenge: biometryChallenge.optional(),
  })
  .strict()
export type RedeemRequest = z.infer<typeof redeemRequest>

export const redeemResponse = z.object({
  order_id: z.string(),
  position_id: z.string(),
  coin: z.string(),
  /** Principal returned to FUNDING. */
  principal: decimalString,
  /** Yield paid with it (unclaimed yield of the redeemed part). */
  yield_paid: decimalString,
  /** Yield given up by an early fixed-term redemption. */
  yield_forfeited: decimalString,
  redeemed_at: unixSeconds,
})
export type RedeemResponse = z.infer<typeof redeemResponse>

// ---- claim-yield ----

export const claimYieldRequest = z
  .object({
    order_id: clientOrderId,
    /** Omitted: every claimable position of the coin (or of all coins). */
    position_id: z.string().min(1).max(64).optional(),
    coin: z.string().min(1).max(20).optional(),
    confirm: biometricConfirm,
    challenge: biometryChallenge.optional(),
  })
  .strict()
export type ClaimYieldRequest = z.infer<typeof claimYieldRequest>

export const claimYieldResponse = z.object({
  order_id: z.string(),
  claimed: z.array(z.object({ coin: z.string(), amount: decimalString })),
  claimed_at: unixSeconds,
})
export type ClaimYieldResponse = z.infer<typeof claimYieldResponse>

// ---- vouchers (listed in get-user-balance, applied in preview/pay-order) ----

export const voucher = z.object({
  voucher_id: z.string(),
  kind: z.enum(['apr_boost', 'bonus']),
  /** apr_boost: added APR ("0.02"); bonus: amount in coin. */
  value: decimalString,
  coin: z.string().nullable(),
  product_type: productTypeValue.nullable(),
  min_amount: decimalString,
  expires_at: unixSeconds,
  status: voucherStatusValue,
})
export type Voucher = z.infer<typeof voucher>

// ---- get-orders, get-order-detail (ours: the spec lists no order call; docs/api.md) ----

/** What an order did: subscribe (pay-order), redeem, claim-yield or a liquidity operation. */
export const ORDER_ACTIONS = ['pay', 'redeem', 'claim', 'liquidity'] as const
export const orderActionValue = z.enum(ORDER_ACTIONS)

export const getOrdersRequest = z
  .object({
    status: orderStatusValue.optional(),
    product_type: productTypeValue.optional(),
    /** next_cursor of the previous page. */
    // created_at in ms (bounded like unix times) + '.' + order id: other values answer 10001.
    cursor: z
      .string()
      .max(64)
      .regex(/^\d{1,15}\.ord_[0-9a-f]{1,40}$/, 'cursor: use next_cursor of the previous page')
      .refine(
        (v) => Number(v.split('.')[0]) <= MAX_UNIX_SECONDS * 1000 + 999,
        'cursor: out of range',
      )
      .optional(),
    limit: z.number().int().min(1).max(100).optional(),
  })
  .strict()
export type GetOrdersRequest = z.infer<typeof getOrdersRequest>

/** An order as listed: claims of several coins and liquidity operations have no product or amount. */
export const orderListItem = z.object({
  order_id: z.string(),
  action: orderActionValue,
  product_id: z.string().nullable(),
  product_type: productTypeValue.nullable(),
  coin: z.string().nullable(),
  amount: decimalString.nullable(),
  status: orderStatusValue,
  fail_code: z.number().int(),
  position_id: z.string().nullable(),
  created_at: unixSeconds,
  updated_at: unixSeconds,
})
export type OrderListItem = z.infer<typeof orderListItem>

export const getOrdersResponse = z.object({
  orders: z.array(orderListItem),
  /** Pass as cursor for the next page; null when this was the last page. */
  next_cursor: z.string().nullable(),
})
export type GetOrdersResponse = z.infer<typeof getOrdersResponse>

export const getOrderDetailRequest = z.object({ order_id: clientOrderId }).strict()
export type GetOrderDetailRequest = z.infer<typeof getOrderDetailRequest>

export const orderDetail = orderListItem.extend({
  /** The refusal's message when failed, else null. */
  fail_message: z.string().nullable(),
  /** Liquidity operations: Remove 2, Reinvest 3, ReduceLeverage 4. */
  liquidity_operation: liquidityOperationValue.nullable(),
  /** Redeem: principal returned, yield paid and forfeited. */
  principal: decimalString.nullable(),
  yield_paid: decimalString.nullable(),
  yield_forfeited: decimalString.nullable(),
  /** Claim: what was paid per coin. */
  claimed: z.array(z.object({ coin: z.string(), amount: decimalString })),
})
export type OrderDetail = z.infer<typeof orderDetail>

export const getOrderDetailResponse = z.object({ order: orderDetail })
export type GetOrderDetailResponse = z.infer<typeof getOrderDetailResponse>
