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
