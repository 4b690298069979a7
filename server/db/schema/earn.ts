import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from './identity'

// Earn: catalogue, accounts, ledger, orders, positions, vouchers, auto-savings, operator settings.
// Money is NUMERIC(38,18) everywhere; the ledger is append-only (see migration ledger_rules).

const money = (name: string) => numeric(name, { precision: 38, scale: 18 })
const at = (name: string) => timestamp(name, { withTimezone: true })

/** The house: the other side of minted yield, bonuses and dual settlement (may go negative). */
export const HOUSE_USER_ID = 0
export const HOUSE_ACCOUNT_TYPE = 0

/** Earn products (spec §3 product types). */
export const products = pgTable('products', {
  id: text('id').primaryKey(),
  productType: integer('product_type').notNull(),
  coin: text('coin').notNull(),
  apr: numeric('apr', { precision: 20, scale: 8 }).notNull(),
  /** [{min_amount, max_amount|null, apr}] for tiered APR; [] when untiered. */
  aprTiers: jsonb('apr_tiers')
    .$type<{ min: string; max: string | null; apr: string }[]>()
    .notNull()
    .default([]),
  termDays: integer('term_days').notNull().default(0),
  minAmount: money('min_amount').notNull(),
  maxAmount: money('max_amount').notNull(),
  totalQuota: money('total_quota').notNull(),
  remainingQuota: money('remaining_quota').notNull(),
  subscribeStartAt: at('subscribe_start_at').notNull(),
  subscribeEndAt: at('subscribe_end_at'),
  offline: integer('offline').notNull().default(0),
  minKycLevel: integer('min_kyc_level').notNull().default(0),
  earlyRedeem: boolean('early_redeem').notNull().default(true),
  /** ProductStage for staged products (launchpool, structured), else null. */
  stage: integer('stage'),
  /** CoinOnSaleStatus for launchpool and discount-buy coins, else null. */
  coinOnSaleStatus: integer('coin_on_sale_status'),
  /** Offer terms (dual, double-win, discount-buy, future-boost, liquidity pair). */
  offer: jsonb('offer').$type<ProductOfferTerms | null>(),
  createdAt: at('created_at').notNull().defaultNow(),
})

export type ProductOfferTerms = {
  direction: number
  baseCoin: string
  quoteCoin: string
  targetPrice: string | null
  discount: string | null
  rangePct: string | null
  leverage: string | null
}

/** A user's balance per coin and account type (SPOT 2, UTA 5, FUNDING 6, EARN 100). */
export const earnAccounts = pgTable(
  'earn_accounts',
  {
    userId: integer('user_id').notNull(),
    coin: text('coin').notNull(),
    accountType: integer('account_type').notNull(),
    balance: money('balance').notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.coin, t.accountType] }),
    // Guarded in SQL, not only in code: only the house may go below zero.
    check('earn_accounts_non_negative', sql`${t.balance} >= 0 OR ${t.userId} = 0`),
  ],
)

/** One balanced money movement; its entries sum to zero per coin (checked at commit). */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    /** WalletRecordType */
    kind: text('kind').notNull(),
    coin: text('coin').notNull(),
    /** The amount shown in wallet records (positive). */
    amount: money('amount').notNull(),
    productId: text('product_id'),
    productType: integer('product_type'),
    orderId: text('order_id'),
    positionId: text('position_id'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('ledger_postings_user_idx').on(t.userId, t.id)],
)

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postingId: bigint('posting_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerPostings.id),
    userId: integer('user_id').notNull(),
    coin: text('coin').notNull(),
    accountType: integer('account_type').notNull(),
    /** Signed: credit positive, debit negative. */
    amount: money('amount').notNull(),
  },
  (t) => [index('ledger_entries_posting_idx').on(t.postingId)],
)

/** Orders (pay-order, redeem, claim, liquidity operations), idempotent on the client's id. */
export const earnOrders = pgTable(
  'earn_orders',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull(),
    clientOrderId: text('client_order_id').notNull(),
    /** pay | redeem | claim | liquidity */
    action: text('action').notNull(),
    /** Hash of the canonical request: the same id with another payload is refused (344). */
    requestHash: text('request_hash').notNull(),
    productId: text('product_id'),
    productType: integer('product_type'),
    coin: text('coin'),
    amount: money('amount'),
    status: text('status').notNull(),
    failCode: integer('fail_code').notNull().default(0),
    positionId: text('position_id'),
    /** The answer given the first time, replayed verbatim to retries. */
    response: jsonb('response'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('earn_orders_client_id_idx').on(t.userId, t.clientOrderId),
    index('earn_orders_user_status_idx').on(t.userId, t.status),
  ],
)

export const earnPositions = pgTable(
  'earn_positions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull(),
    productId: text('product_id').notNull(),
    productType: integer('product_type').notNull(),
    coin: text('coin').notNull(),
    principal: money('principal').notNull(),
    /** APR boost of the voucher applied at subscription. */
    aprBoost: numeric('apr_boost', { precision: 20, scale: 8 }).notNull().default('0'),
    claimableYield: money('claimable_yield').notNull().default('0'),
    totalYield: money('total_yield').notNull().default('0'),
    /** PositionStatus */
    status: text('status').notNull(),
    /** LiquidityPositionStatus for liquidity positions, else null. */
    liquidityStatus: integer('liquidity_status'),
    leverage: numeric('leverage', { precision: 20, scale: 8 }),
    voucherId: text('voucher_id'),
    startedAt: at('started_at').notNull(),
    /** Accrual is paid up to here (whole hours). */
    accruedUntil: at('accrued_until').notNull(),
    maturityAt: at('maturity_at'),
    closedAt: at('closed_at'),
    /** Dual asset: direction, target, stage and the settlement result. */
    dual: jsonb('dual').$type<DualTerms | null>(),
  },
  (t) => [
    index('earn_positions_user_idx').on(t.userId, t.status),
    check('earn_positions_non_negative', sql`${t.principal} >= 0 AND ${t.claimableYield} >= 0`),
  ],
)

export type DualTerms = {
  direction: number
  baseCoin: string
  quoteCoin: string
  targetPrice: string
  stage: number
  settlementAt: string
  settledCoin: string | null
  settledAmount: string | null
  settlePrice: string | null
}

export const earnVouchers = pgTable('earn_vouchers', {
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull(),
  /** apr_boost | bonus */
  kind: text('kind').notNull(),
  value: money('value').notNull(),
  coin: text('coin'),
  productType: integer('product_type'),
  minAmount: money('min_amount').notNull().default('0'),
  expiresAt: at('expires_at').notNull(),
  /** VoucherStatus as stored (using 1, unused 2, used 4); expired 3 is derived from the clock. */
  status: integer('status').notNull(),
  positionId: text('position_id'),
})

export const autoSavings = pgTable(
  'earn_auto_savings',
  {
    userId: integer('user_id').notNull(),
    coin: text('coin').notNull(),
    open: boolean('open').notNull(),
    updatedAt: at('updated_at').notNull(),
    /** UTC day (YYYY-MM-DD) of the last sweep, so the daily job sweeps once per day. */
    lastSweepDay: text('last_sweep_day'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.coin] })],
)

/** Operator switches: maintenance (600), order rate limit (315), max pending orders (336). */
export const earnSettings = pgTable('earn_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
})

/**
 * The order rate limit's counters (315, settings.order_rate_limit_per_minute), one row per user
 * and kind of call (`orders:pay:<user id>`): the calls counted in the current window and in the
 * one before it, which together weigh a sliding window (earn/order-checks.ts countOrderRate).
 */
export const earnOrderRates = pgTable('earn_order_rates', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  calls: integer('calls').notNull(),
  previousCalls: integer('previous_calls').notNull(),
})

/**
 * Risk acknowledgements: a user ticked "I understand" for a structured product type once
 * (contract/settlement.ts RISK_ACK_PRODUCT_TYPES); pay-order refuses those types without it.
 */
export const riskAcknowledgements = pgTable(
  'earn_risk_acknowledgements',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productType: integer('product_type').notNull(),
    acknowledgedAt: at('acknowledged_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productType] })],
)
