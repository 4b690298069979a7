import { PRODUCT_TYPE_VALUES, type ProductType } from './product-types'

/** Home's search params: the filters, and the spec §2 banner triggers. */
export type HomeSearch = {
  /** Free text over coin and product type name (spec §2: scrolls to the banner). */
  search?: string
  coin?: string
  type?: ProductType
  /** A coin from a campaign link (spec §2); filters like coin. */
  token?: string
  sppRef?: string
  /** Scroll to the banner after 200 ms (spec §2). */
  scrollTo?: string
}

const text = (v: unknown, max: number) =>
  typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : undefined
const coin = (v: unknown) => {
  const s = text(v, 20)
  return s && /^[A-Za-z0-9]+$/.test(s) ? s.toUpperCase() : undefined
}

/** Search params are validated at the route: unknown values are dropped, never trusted. */
export function validateHomeSearch(search: Record<string, unknown>): HomeSearch {
  const typeNumber = Number(search.type)
  const out: HomeSearch = {
    search: text(search.search, 40),
    coin: coin(search.coin),
    type: (PRODUCT_TYPE_VALUES as readonly number[]).includes(typeNumber)
      ? (typeNumber as ProductType)
      : undefined,
    token: coin(search.token),
    sppRef: text(search.sppRef, 64),
    scrollTo:
      search.scrollTo !== undefined && search.scrollTo !== ''
        ? String(search.scrollTo).slice(0, 32)
        : undefined,
  }
  // Invalid values stay as explicit undefined: the router merges raw params under these.
  return out
}
