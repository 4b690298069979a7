import { isServer, queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { productDetailRequest } from '../../../contract/product-pages'
import { earnCall } from '../http/earn-client'
import { isNotReleased } from './not-released'

/** One product with the caller's availability and limits (get-product-detail). */
export const productDetailQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: ['earn', 'product-detail', productId],
    queryFn: () => earnCall('get-product-detail', productDetailRequest(productId)),
    // A product not released to this user stays so: its page says it at once (no retries). Else
    // react-query's default: 3 in the browser, none in the server's first-view render.
    retry: (failures, error) => !isServer && !isNotReleased(error) && failures < 3,
  })

export const useProductDetail = (productId: string) =>
  useSuspenseQuery(productDetailQueryOptions(productId)).data.product
