import { z } from 'zod'
import {
  CoinOnSaleStatus,
  DualDirection,
  PAGE_KEYS,
  ProductAvailability,
  ProductCardStatus,
  ProductStage,
  ProductType,
  SubscriptionState,
} from './enums'

// Earn catalogue payloads (spec §7, shapes ours): amounts are decimal strings, times unix
// seconds, names snake_case. Orders: earn-order.schema.ts; account views: earn-account.schema.ts.

const literals = <T extends Record<string, string | number>>(e: T) =>
  z.union(Object.values(e).map((v) => z.literal(v as T[keyof T])))

/** A decimal string as sent on the wire ("12.5", "-0.01"). */
export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal string')
/** A positive amount a user types: at most 18 decimals, at most 20 integer digits. */
export const amountString = z
  .string()
  .regex(/^\d{1,20}(\.\d{1,18})?$/, 'must be a positive decimal string')
  .refine((v) => /[1-9]/.test(v), 'must be greater than zero')
export const coinName = z
  .string()
  .regex(/^[A-Za-z0-9]{1,20}$/, 'must be a coin name')
  .transform((v) => v.toUpperCase())
export const productId = z.string().min(1).max(64)
/** 9999-12-31T23:59:59Z: the last second a Date and a PostgreSQL timestamp both print. */
export const MAX_UNIX_SECONDS = 253_402_300_799
/** Unix seconds, bounded: a larger value answers 10001 instead of failing in the database. */
export const unixSeconds = z.number().int().nonnegative().max(MAX_UNIX_SECONDS)

export const productTypeValue = literals(ProductType)
export const subscriptionStateValue = literals(SubscriptionState)
export const cardStatusValue = literals(ProductCardStatus)
export const availabilityValue = literals(ProductAvailability)
export const productStageValue = literals(ProductStage)
export const coinOnSaleStatusValue = literals(CoinOnSaleStatus)
export const dualDirectionValue = literals(DualDirection)
export const pageKeyValue = z.enum(PAGE_KEYS)

// ---- get-homepage-product-cards ----

export const getHomepageProductCardsRequest = z
  .object({
    coin: z.string().min(1).max(20).optional(),
    product_types: z.array(productTypeValue).max(20).optional(),
    /** Only the cards of one page (spec §2 page keys); home lists every type. */
    page_key: pageKeyValue.optional(),
    /** APR order; the default is the highest APR first. */
    sort: z.enum(['apr_desc', 'apr_asc']).optional(),
  })
  .strict()
export type GetHomepageProductCardsRequest = z.infer<typeof getHomepageProductCardsRequest>

export const aprTier = z.object({
  /** Holding from (inclusive) … */
  min_amount: decimalString,
  /** … up to (exclusive); null: no upper bound. */
  max_amount: decimalString.nullable(),
  apr: decimalString,
})
export type AprTier = z.infer<typeof aprTier>

export const productCard = z.object({
  product_id: z.string(),
  product_type: productTypeValue,
  coin: z.string(),
  /** Base APR as a fraction ("0.055" = 5.5 %); the first tier's APR for tiered products. */
  apr: decimalString,
  /** Highest APR a user can get (top tier); equals apr when untiered. */
  apr_max: decimalString.optional(),
  term_days: z.number().int().nonnegative(),
  /** Per-user minimum and maximum subscription. */
  min_amount: decimalString,
  max_amount: decimalString,
  total_quota: decimalString,
  remaining_quota: decimalString,
  subscribe_start_at: z.number().int(),
  subscribe_end_at: z.number().int().nullable(),
  subscription_state: subscriptionStateValue,
  card_status: cardStatusValue,
  /** Pages that list this card (spec §2 page keys, home excluded). */
  page_keys: z.array(pageKeyValue).optional(),
})
export type ProductCard = z.infer<typeof productCard>

export const getHomepageProductCardsResponse = z.object({
  cards: z.array(productCard),
  /** Product ids per page key, in the same order as cards. */
  groups: z.partialRecord(pageKeyValue, z.array(z.string())).optional(),
})
export type GetHomepageProductCardsResponse = z.infer<typeof getHomepageProductCardsResponse>

// ---- get-product-detail / get-product-details ----

export const getProductDetailRequest = z.object({ product_id: productId }).strict()
export type GetProductDetailRequest = z.infer<typeof getProductDetailRequest>

export const getProductDetailsRequest = z
  .object({ product_ids: z.array(productId).min(1).max(50) })
  .strict()
export type GetProductDetailsRequest = z.infer<typeof getProductDetailsRequest>

/** Dual asset, double-win, discount-buy and future-boost terms. */
export const productOffer = z.object({
  direction: dualDirectionValue,
  /** The coin priced against the quote coin (BTC of BTCUSDT). */
  base_coin: z.string(),
  quote_coin: z.string(),
  target_price: decimalString.nullable(),
  /** Discount of a discount-buy offer as a fraction ("0.05"). */
  discount: decimalString.nullable(),
  /** Price range of double-win (lower, upper) around the price at subscription. */
  range_pct: decimalString.nullable(),
  /** Leverage of a future-boost offer. */
  leverage: decimalString.nullable(),
})
export type ProductOffer = z.infer<typeof productOffer>

export const productDetail = productCard.extend({
  apr_tiers: z.array(aprTier),
  /** Flexible-like products may be redeemed at any time; fixed terms at maturity or early. */
  redeemable_anytime: z.boolean(),
  early_redeem_allowed: z.boolean(),
  min_kyc_level: z.number().int(),
  stage: productStageValue.nullable(),
  coin_on_sale_status: coinOnSaleStatusValue.nullable(),
  offer: productOffer.nullable(),
  /** The caller's availability (NotloggedIn when anonymous). */
  availability: availabilityValue,
  /** The caller's holding in this product (principal), "0" when none or anonymous. */
  user_holding: decimalString,
  /** How much more the caller may subscribe (max minus holding, capped by remaining quota). */
  user_remaining_limit: decimalString,
})
export type ProductDetail = z.infer<typeof productDetail>

export const getProductDetailResponse = z.object({ product: productDetail })
export type GetProductDetailResponse = z.infer<typeof getProductDetailResponse>
export const getProductDetailsResponse = z.object({ products: z.array(productDetail) })
export type GetProductDetailsResponse = z.infer<typeof getProductDetailsResponse>

// ---- check-available ----

export const checkAvailableRequest = z.object({ product_id: productId }).strict()
export type CheckAvailableRequest = z.infer<typeof checkAvailableRequest>

export const checkAvailableResponse = z.object({
  product_id: z.string(),
  availability: availabilityValue,
  /** Plain words for the user when not Available ('' when Available). */
  reason: z.string(),
  card_status: cardStatusValue,
  subscription_state: subscriptionStateValue,
})
export type CheckAvailableResponse = z.infer<typeof checkAvailableResponse>

// ---- get-products-extra-info ----

export const getProductsExtraInfoRequest = z
  .object({ product_ids: z.array(productId).max(100).optional() })
  .strict()
export type GetProductsExtraInfoRequest = z.infer<typeof getProductsExtraInfoRequest>

export const productExtraInfo = z.object({
  product_id: z.string(),
  /** Distinct users holding the product. */
  participants: z.number().int().nonnegative(),
  /** Share of the quota sold ("0.375"). */
  sold_ratio: decimalString,
  stage: productStageValue.nullable(),
  coin_on_sale_status: coinOnSaleStatusValue.nullable(),
  /** Current index price of the offer's pair (dual, double-win, discount-buy, future-boost). */
  index_price: decimalString.nullable(),
  /** The caller's vouchers usable on this product. */
  voucher_count: z.number().int().nonnegative(),
})
export type ProductExtraInfo = z.infer<typeof productExtraInfo>

export const getProductsExtraInfoResponse = z.object({ items: z.array(productExtraInfo) })
export type GetProductsExtraInfoResponse = z.infer<typeof getProductsExtraInfoResponse>
