import { z } from 'zod'
import { biometricConfirm, biometryChallenge } from './telegram-settings.schema'
import { AccountType, LiquidityPositionStatus, PositionOutcome, PositionStatus } from './enums'
import { decimalString, dualDirectionValue, productTypeValue, unixSeconds } from './earn.schema'
import { dualStageValue, voucher, walletRecordTypeValue } from './earn-order.schema'

// The user's side of earn: balances, positions, wallet records, PnL, assets summary,
// auto-savings (spec §7 calls, shapes ours).

const literals = <T extends Record<string, string | number>>(e: T) =>
  z.union(Object.values(e).map((v) => z.literal(v as T[keyof T])))

export const accountTypeValue = literals(AccountType)
export const positionStatusValue = literals(PositionStatus)
export const liquidityStatusValue = literals(LiquidityPositionStatus)
const coinFilter = z.string().min(1).max(20)

// ---- get-user-balance ----

export const getUserBalanceRequest = z
  .object({ coin: coinFilter.optional(), account_type: accountTypeValue.optional() })
  .strict()
export type GetUserBalanceRequest = z.infer<typeof getUserBalanceRequest>

export const accountBalance = z.object({
  coin: z.string(),
  account_type: accountTypeValue,
  balance: decimalString,
})
export type AccountBalance = z.infer<typeof accountBalance>

export const getUserBalanceResponse = z.object({
  balances: z.array(accountBalance),
  vouchers: z.array(voucher),
})
export type GetUserBalanceResponse = z.infer<typeof getUserBalanceResponse>

// ---- get-positions ----

/** Rows per page of a paged call: 20 unless asked, at most 100 (more answers 10001). */
export const PAGE_LIMIT_DEFAULT = 20
const pageLimit = z.number().int().min(1).max(100)

/**
 * Where the previous page of closed positions ended: its last closed_at in ms (bounded like
 * unix times) + '.' + position id; other values answer 10001.
 */
const closedPositionCursor = z
  .string()
  .max(64)
  .regex(/^\d{1,15}\.pos_[0-9a-f]{1,40}$/, 'cursor: use next_cursor of the previous page')

export const getPositionsRequest = z
  .object({
    coin: coinFilter.optional(),
    product_types: z.array(productTypeValue).max(20).optional(),
    /**
     * Include redeemed and settled positions (default: open ones only). They come in pages,
     * last closed first, after every open position on the first page (docs/api.md).
     */
    include_closed: z.boolean().optional(),
    /** next_cursor of the previous page (with include_closed). */
    cursor: closedPositionCursor.optional(),
    /** Closed positions per page (with include_closed). */
    limit: pageLimit.optional(),
  })
  .strict()
  .refine((r) => r.include_closed || (r.cursor === undefined && r.limit === undefined), {
    message: 'cursor and limit page the closed positions: send include_closed: true',
    path: ['include_closed'],
  })
export type GetPositionsRequest = z.infer<typeof getPositionsRequest>

export const dualPositionInfo = z.object({
  direction: dualDirectionValue,
  /** The pair the direction and target price are about (BTC against USDT). */
  base_coin: z.string(),
  quote_coin: z.string(),
  target_price: decimalString,
  stage: dualStageValue,
  settlement_at: unixSeconds,
  /** After settlement: the coin and amount paid out. */
  settled_coin: z.string().nullable(),
  settled_amount: decimalString.nullable(),
  settle_price: decimalString.nullable(),
})

export const position = z.object({
  position_id: z.string(),
  product_id: z.string(),
  product_type: productTypeValue,
  coin: z.string(),
  principal: decimalString,
  apr: decimalString,
  /** Accrued, not yet claimed yield (fixed terms pay it at maturity). */
  claimable_yield: decimalString,
  /** All yield ever accrued on this position. */
  total_yield: decimalString,
  status: positionStatusValue,
  /** Liquidity positions only (spec §4). */
  liquidity_status: liquidityStatusValue.nullable(),
  leverage: decimalString.nullable(),
  started_at: unixSeconds,
  maturity_at: unixSeconds.nullable(),
  closed_at: unixSeconds.nullable(),
  dual: dualPositionInfo.nullable(),
})
export type Position = z.infer<typeof position>

export const getPositionsResponse = z.object({
  positions: z.array(position),
  /** Pass as cursor for the next page of closed positions; null when there is none. */
  next_cursor: z.string().nullable(),
})
export type GetPositionsResponse = z.infer<typeof getPositionsResponse>

// ---- get-position-history (ours: closed positions and how each ended; docs/api.md) ----

export const positionOutcomeValue = literals(PositionOutcome)

export const getPositionHistoryRequest = z
  .object({
    product_types: z.array(productTypeValue).max(20).optional(),
    /** next_cursor of the previous page. */
    cursor: closedPositionCursor.optional(),
    limit: pageLimit.optional(),
  })
  .strict()
export type GetPositionHistoryRequest = z.infer<typeof getPositionHistoryRequest>

const coinAmount = z.object({ coin: z.string(), amount: decimalString })

export const closedPosition = z.object({
  position_id: z.string(),
  product_id: z.string(),
  product_type: productTypeValue,
  coin: z.string(),
  /** Principal put in over the position's life (every subscription and top-up). */
  amount: decimalString,
  total_yield: decimalString,
  /** Yield given back on an early fixed-term exit. */
  forfeited_yield: decimalString,
  outcome: positionOutcomeValue,
  /** What came back to FUNDING, per coin (a settlement may pay the other coin; a failure refunds). */
  received: z.array(coinAmount),
  started_at: unixSeconds,
  closed_at: unixSeconds,
  dual: dualPositionInfo.nullable(),
})
export type ClosedPosition = z.infer<typeof closedPosition>

export const getPositionHistoryResponse = z.object({
  positions: z.array(closedPosition),
  /** Pass as cursor for the next page; null when this was the last page. */
  next_cursor: z.string().nullable(),
})
export type GetPositionHistoryResponse = z.infer<typeof getPositionHistoryResponse>

// ---- get-user-wallet-records ----

export const getUserWalletRecordsRequest = z
  .object({
    coin: coinFilter.optional(),
    types: z.array(walletRecordTypeValue).max(20).optional(),
    start_time: unixSeconds.optional(),
    end_time: unixSeconds.optional(),
    /** next_cursor of the previous page. */
    // A posting id, within the safe integers (a longer one answers 10001, never 500).
    cursor: z
      .string()
      .regex(/^\d{1,15}$/, 'cursor: use next_cursor of the previous page')
      .optional(),
    limit: pageLimit.optional(),
  })
  .strict()
  .refine(
    (r) => r.start_time === undefined || r.end_time === undefined || r.start_time <= r.end_time,
    {
      message: 'start_time must not be after end_time',
      path: ['start_time'],
    },
  )
export type GetUserWalletRecordsRequest = z.infer<typeof getUserWalletRecordsRequest>

export const walletRecord = z.object({
  record_id: z.string(),
  type: walletRecordTypeValue,
  coin: z.string(),
  /** Signed change of the user's FUNDING/EARN holdings as seen by the user (stake is negative FUNDING). */
  amount: decimalString,
  from_account: accountTypeValue.nullable(),
  to_account: accountTypeValue.nullable(),
  product_id: z.string().nullable(),
  product_type: productTypeValue.nullable(),
  order_id: z.string().nullable(),
  position_id: z.string().nullable(),
  created_at: unixSeconds,
})
export type WalletRecord = z.infer<typeof walletRecord>

export const getUserWalletRecordsResponse = z.object({
  records: z.array(walletRecord),
  /** Pass as cursor for the next page; null when this was the last page. */
  next_cursor: z.string().nullable(),
})
export type GetUserWalletRecordsResponse = z.infer<typeof getUserWalletRecordsResponse>

// ---- get-assets-summary-v2 ----

export const getAssetsSummaryV2Request = z.object({}).strict()
export const assetsCoinSummary = z.object({
  coin: z.string(),
  principal: decimalString,
  claimable_yield: decimalString,
  total_yield: decimalString,
  usd_price: decimalString,
  usd_value: decimalString,
})
export const getAssetsSummaryV2Response = z.object({
  /** USD value of everything in earn (principal plus claimable yield). */
  total_usd: decimalString,
  total_yield_usd: decimalString,
  yesterday_yield_usd: decimalString,
  coins: z.array(assetsCoinSummary),
  by_product_type: z.array(z.object({ product_type: productTypeValue, usd_value: decimalString })),
  priced_at: unixSeconds,
})
export type GetAssetsSummaryV2Response = z.infer<typeof getAssetsSummaryV2Response>

// ---- get-user-pnl ----

export const getUserPnlRequest = z
  .object({ days: z.number().int().min(1).max(180).optional(), coin: coinFilter.optional() })
  .strict()
export type GetUserPnlRequest = z.infer<typeof getUserPnlRequest>

export const pnlDay = z.object({
  /** UTC day YYYY-MM-DD. */
  date: z.string(),
  day_start: unixSeconds,
  yield_usd: decimalString,
  cumulative_usd: decimalString,
  coins: z.array(z.object({ coin: z.string(), amount: decimalString })),
})
export const getUserPnlResponse = z.object({
  days: z.array(pnlDay),
  total_usd: decimalString,
})
export type GetUserPnlResponse = z.infer<typeof getUserPnlResponse>

// ---- auto-savings ----

export const getAutoSavingsOpenStatusRequest = z.object({ coin: coinFilter.optional() }).strict()
export const autoSavingsStatus = z.object({
  coin: z.string(),
  open: z.boolean(),
  /** The flexible product idle FUNDING balance goes into. */
  product_id: z.string(),
  updated_at: unixSeconds.nullable(),
})
export const getAutoSavingsOpenStatusResponse = z.object({ items: z.array(autoSavingsStatus) })
export type GetAutoSavingsOpenStatusResponse = z.infer<typeof getAutoSavingsOpenStatusResponse>

export const editAutoSavingsRequest = z
  .object({
    coin: z.string().min(1).max(20),
    open: z.boolean(),
    /** While biometry is on: signs biometricMessage(challenge, call, body), hex. */
    confirm: biometricConfirm,
    challenge: biometryChallenge.optional(),
  })
  .strict()
export type EditAutoSavingsRequest = z.infer<typeof editAutoSavingsRequest>
export const editAutoSavingsResponse = autoSavingsStatus
export type EditAutoSavingsResponse = z.infer<typeof editAutoSavingsResponse>
