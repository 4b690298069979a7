import { z } from 'zod'
import { ProductCardStatus, ProductType, SubscriptionState } from './enums'

const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal string')
const productTypeValue = z.union(Object.values(ProductType).map((v) => z.literal(v)))

export const getHomepageProductCardsRequest = z
  .object({
    coin: z.string().min(1).max(20).optional(),
    product_types: z.array(productTypeValue).max(20).optional(),
  })
  .strict()
export type GetHomepageProductCardsRequest = z.infer<typeof getHomepageProductCardsRequest>

export const productCard = z.object({
  product_id: z.string(),
  product_type: productTypeValue,
  coin: z.string(),
  apr: decimalString,
  term_days: z.number().int().nonnegative(),
  min_amount: decimalString,
  max_amount: decimalString,
  total_quota: decimalString,
  remaining_quota: decimalString,
  subscribe_start_at: z.number().int(),
  subscribe_end_at: z.number().int().nullable(),
  subscription_state: z.union(Object.values(SubscriptionState).map((v) => z.literal(v))),
  card_status: z.union(Object.values(ProductCardStatus).map((v) => z.literal(v))),
})
export type ProductCard = z.infer<typeof productCard>

export const getHomepageProductCardsResponse = z.object({ cards: z.array(productCard) })
export type GetHomepageProductCardsResponse = z.infer<typeof getHomepageProductCardsResponse>
