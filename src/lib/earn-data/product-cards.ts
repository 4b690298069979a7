import { queryOptions } from '@tanstack/react-query'
import type { EarnRequest } from '../../../contract/earn-calls'
import { productPageRequest } from '../../../contract/product-pages'
import type { PageKey } from '../../../contract/enums'
import { earnCall } from '../http/earn-client'

export type ProductCardsFilter = EarnRequest<'get-homepage-product-cards'>

/** Product cards by filter (get-homepage-product-cards); sections outside the page keys use it. */
export const productCardsQueryOptions = (filter: ProductCardsFilter = {}) =>
  queryOptions({
    queryKey: ['earn', 'homepage-product-cards', filter],
    queryFn: () => earnCall('get-homepage-product-cards', filter),
  })

/**
 * A page's product cards, asked for by its page key (the server owns the page → product type
 * table); the server inlines the same request into the page's first load, under this key.
 */
export const productPageQueryOptions = (pageKey: PageKey) =>
  productCardsQueryOptions(productPageRequest(pageKey))
