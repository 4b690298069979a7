// Spec enums (earn-spec §3, §4). Plain constants with no runtime dependency, so both
// the client and the server may import them as values.

export const ProductType = {
  Cloud: 0,
  Defi: 1,
  Dual: 2,
  Launch: 3,
  Flexible: 4,
  Liquidity: 5,
  FixedTerm: 6,
  StructuredProduct: 7,
  POS: 8,
  WEALTH: 9,
  DOUBLEWIN: 10,
  DISCOUNT: 11,
  FUTUREBOOST: 12,
  FundPoolPremium: 14,
  NETWORTH: 16,
  UltraDiscountBuy: 18,
} as const
export type ProductType = (typeof ProductType)[keyof typeof ProductType]

export const AccountType = { SPOT: 2, UTA: 5, FUNDING: 6, EARN: 100 } as const
export type AccountType = (typeof AccountType)[keyof typeof AccountType]

export const SubscriptionState = {
  Unstarted: 0,
  Running: 1,
  Soldout: 2,
  Ended: 3,
  Unknown: 4,
} as const
export type SubscriptionState = (typeof SubscriptionState)[keyof typeof SubscriptionState]

export const ProductCardStatus = {
  Default: 0,
  Available: 1,
  Soldout: 2,
  NotStarted: 3,
  Offline: 4,
  SubscribeEnd: 5,
  Forbidden: 6,
} as const
export type ProductCardStatus = (typeof ProductCardStatus)[keyof typeof ProductCardStatus]

export const ProductAvailability = {
  Available: 0,
  Unknown: 1,
  NotloggedIn: 2,
  KycLimited: 3,
  KycLimitedQueryException: 4,
  TagBlocked: 5,
} as const
export type ProductAvailability = (typeof ProductAvailability)[keyof typeof ProductAvailability]

/** Page keys of the earn section (spec §2): the last path segment selects the page. */
export const PAGE_KEYS = [
  'home',
  'dual-asset-mining',
  'launchpool',
  'flexible-staking',
  'structured-product',
  'savings',
  'easy-earn',
  'liquidity-mining',
] as const
export type PageKey = (typeof PAGE_KEYS)[number]

/** Which product types each product page lists (home lists all of them). */
export const PAGE_PRODUCT_TYPES: Record<Exclude<PageKey, 'home'>, readonly ProductType[]> = {
  'dual-asset-mining': [ProductType.Dual],
  launchpool: [ProductType.Launch],
  'flexible-staking': [ProductType.Flexible, ProductType.POS],
  'structured-product': [ProductType.StructuredProduct],
  savings: [ProductType.Flexible, ProductType.FixedTerm],
  'easy-earn': [ProductType.Flexible, ProductType.FixedTerm],
  'liquidity-mining': [ProductType.Liquidity],
}

/** Stage of a staged product (launchpool, structured): spec §4, first kind. */
export const ProductStage = { Pending: 1, Active: 2, Suspended: 3, Completed: 4 } as const
export type ProductStage = (typeof ProductStage)[keyof typeof ProductStage]

/** Stage of a dual-asset order: spec §4, second kind (Failed shows the dual-asset failure text). */
export const DualStage = { Pending: 1, Active: 2, Completed: 3, Failed: 4 } as const
export type DualStage = (typeof DualStage)[keyof typeof DualStage]

/** Launchpool and discount-buy coins (spec §4). */
export const CoinOnSaleStatus = { Pending: 0, Active: 1, Suspended: 2 } as const
export type CoinOnSaleStatus = (typeof CoinOnSaleStatus)[keyof typeof CoinOnSaleStatus]

export const VoucherStatus = { Using: 1, Unused: 2, Expired: 3, Used: 4 } as const
export type VoucherStatus = (typeof VoucherStatus)[keyof typeof VoucherStatus]

export const DualDirection = { UNKNOWN: 0, BUY_LOW: 1, SELL_HIGH: 2 } as const
export type DualDirection = (typeof DualDirection)[keyof typeof DualDirection]

/** Liquidity position (spec §4); a removed position leaves the list (our Removed 3 in records). */
export const LiquidityPositionStatus = { AddPending: 0, Effective: 1, RemovePending: 2 } as const
export type LiquidityPositionStatus =
  (typeof LiquidityPositionStatus)[keyof typeof LiquidityPositionStatus]

export const LiquidityOperation = { Add: 1, Remove: 2, Reinvest: 3, ReduceLeverage: 4 } as const
export type LiquidityOperation = (typeof LiquidityOperation)[keyof typeof LiquidityOperation]

/** Order processing (spec §4). */
export const OrderStatus = {
  InProgress: 'inprogress',
  Success: 'success',
  Failed: 'failed',
} as const
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus]

/** Wallet record types: the spec's operations (Stake, Redeem/Unstake, Yield, Claim) plus ours. */
export const WalletRecordType = {
  Deposit: 'Deposit',
  Stake: 'Stake',
  Redeem: 'Redeem',
  Yield: 'Yield',
  Claim: 'Claim',
  Forfeit: 'Forfeit',
  Bonus: 'Bonus',
  Settle: 'Settle',
  LiquidityAdd: 'Add',
  LiquidityRemove: 'Remove',
  LiquidityReinvest: 'Reinvest',
  LiquidityReduceLeverage: 'ReduceLeverage',
} as const
export type WalletRecordType = (typeof WalletRecordType)[keyof typeof WalletRecordType]

/** Position lifecycle of non-liquidity products (ours; liquidity uses LiquidityPositionStatus). */
export const PositionStatus = {
  Active: 'active',
  Redeemed: 'redeemed',
  Settled: 'settled',
} as const
export type PositionStatus = (typeof PositionStatus)[keyof typeof PositionStatus]

/**
 * How a closed position ended (ours, for the history of closed positions): a fixed term paid
 * out at maturity, redeemed by the user, a dual-asset settlement, or a failed settlement that
 * refunded the principal (dual stage Failed 4).
 */
export const PositionOutcome = {
  Matured: 'matured',
  Redeemed: 'redeemed',
  Settled: 'settled',
  Failed: 'failed',
} as const
export type PositionOutcome = (typeof PositionOutcome)[keyof typeof PositionOutcome]

/** Candle intervals of spec §3, in the order the spec lists them. */
export const CANDLE_INTERVALS = [
  '1m',
  '3m',
  '5m',
  '15m',
  '30m',
  '1h',
  '2h',
  '4h',
  '6h',
  '8h',
  '12h',
  '1d',
  '3d',
  '1w',
  '1M',
] as const
export type CandleInterval = (typeof CANDLE_INTERVALS)[number]
