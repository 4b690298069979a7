import { PAGE_PRODUCT_TYPES, type PageKey } from '../../../../contract/enums'
import { getHomepageProductCardsQueryOptions } from './get-homepage-product-cards'

/** Product types a page lists; undefined for home, which lists all of them. */
export const productTypesOfPage = (pageKey: PageKey) =>
  pageKey === 'home' ? undefined : PAGE_PRODUCT_TYPES[pageKey]

/**
 * The query a page key's loader warms and its list reads. It lives apart from the page
 * component so a route's loader does not pull the component into the entry chunk.
 */
export const productPageQueryOptions = (pageKey: PageKey) => {
  const types = productTypesOfPage(pageKey)
  return getHomepageProductCardsQueryOptions(types ? { product_types: [...types] } : {})
}
