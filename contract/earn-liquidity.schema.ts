import { z } from 'zod'
import { biometricConfirm, biometryChallenge } from './telegram-settings.schema'
import { amountString, decimalString, unixSeconds } from './earn.schema'
import { clientOrderId, liquidityOperationValue } from './earn-order.schema'
import { liquidityStatusValue } from './earn-account.schema'

// Liquidity mining (spec §2 tabs pool-list, mining, swap, my-liquidity; §4 operations).

// ---- get-user-liquidity-summary ----

export const getUserLiquiditySummaryRequest = z.object({}).strict()

export const liquidityPool = z.object({
  product_id: z.string(),
  /** e.g. BTC-USDT */
  pair: z.string(),
  base_coin: z.string(),
  quote_coin: z.string(),
  apr: decimalString,
  max_leverage: decimalString,
  /** Per add: the least and the most one order may put in (in the quote coin). */
  min_amount: decimalString,
  max_amount: decimalString,
  total_liquidity: decimalString,
  remaining_quota: decimalString,
})
export type LiquidityPool = z.infer<typeof liquidityPool>

export const liquidityPositionSummary = z.object({
  position_id: z.string(),
  product_id: z.string(),
  pair: z.string(),
  coin: z.string(),
  principal: decimalString,
  leverage: decimalString,
  claimable_yield: decimalString,
  total_yield: decimalString,
  status: liquidityStatusValue,
  usd_value: decimalString,
  started_at: unixSeconds,
})

export const getUserLiquiditySummaryResponse = z.object({
  pools: z.array(liquidityPool),
  positions: z.array(liquidityPositionSummary),
  total_usd: decimalString,
  claimable_yield_usd: decimalString,
})
export type GetUserLiquiditySummaryResponse = z.infer<typeof getUserLiquiditySummaryResponse>

// ---- operate-liquidity (Remove 2, Reinvest 3, ReduceLeverage 4; Add 1 is pay-order) ----

export const operateLiquidityRequest = z
  .object({
    order_id: clientOrderId,
    position_id: z.string().min(1).max(64),
    operation: z.union([z.literal(2), z.literal(3), z.literal(4)]),
    /** ReduceLeverage: the new, lower leverage. */
    leverage: amountString.optional(),
    /** While biometry is on: signs biometricMessage(challenge, call, body), hex. */
    confirm: biometricConfirm,
    challenge: biometryChallenge.optional(),
  })
  .strict()
export type OperateLiquidityRequest = z.infer<typeof operateLiquidityRequest>

export const operateLiquidityResponse = z.object({
  order_id: z.string(),
  position_id: z.string(),
  operation: liquidityOperationValue,
  status: liquidityStatusValue.nullable(),
  principal: decimalString,
  leverage: decimalString,
})
export type OperateLiquidityResponse = z.infer<typeof operateLiquidityResponse>

// ---- get-swap-quote ----

export const getSwapQuoteRequest = z
  .object({
    from_coin: z.string().min(1).max(20),
    to_coin: z.string().min(1).max(20),
    amount: amountString,
  })
  .strict()
export type GetSwapQuoteRequest = z.infer<typeof getSwapQuoteRequest>

export const getSwapQuoteResponse = z.object({
  from_coin: z.string(),
  to_coin: z.string(),
  amount: decimalString,
  /** to_coin per from_coin, from the price simulator. */
  price: decimalString,
  /** Received after the fee. */
  to_amount: decimalString,
  fee_rate: decimalString,
  quoted_at: unixSeconds,
})
export type GetSwapQuoteResponse = z.infer<typeof getSwapQuoteResponse>
