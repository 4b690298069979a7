import { ProductType } from '../../../contract/enums'

/** The §1 sections outside the page keys, each with the product types it lists (ours). */
export const SECTIONS = {
  'double-win': [ProductType.DOUBLEWIN],
  'discount-buy': [ProductType.DISCOUNT, ProductType.UltraDiscountBuy],
  'smart-leverage': [ProductType.FUTUREBOOST],
  pos: [ProductType.POS],
  'wealth-management': [ProductType.WEALTH, ProductType.FundPoolPremium, ProductType.NETWORTH],
  'private-wealth': [ProductType.WEALTH, ProductType.FundPoolPremium],
} as const satisfies Record<string, readonly ProductType[]>
export type SectionKey = keyof typeof SECTIONS
export const SECTION_KEYS = Object.keys(SECTIONS) as SectionKey[]

export const sectionQueryFilter = (key: SectionKey) => ({ product_types: [...SECTIONS[key]] })
