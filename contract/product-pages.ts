import type { GetHomepageProductCardsRequest, GetProductDetailRequest } from './earn.schema'
import type { PageKey } from './enums'

// Dependency-free: the one request a product page makes for its cards. The client's page query
// and the server's inlined first data both use it, so the two are keyed identically.

/** Home lists everything (no filter); every other page names itself and the server filters. */
export const productPageRequest = (pageKey: PageKey): GetHomepageProductCardsRequest =>
  pageKey === 'home' ? {} : { page_key: pageKey }

/** The request a product's detail page makes (client query and server's inlined data alike). */
export const productDetailRequest = (productId: string): GetProductDetailRequest => ({
  product_id: productId,
})
