import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { productDetailRequest } from '../../../contract/product-pages'
import { earnCall } from '../http/earn-client'

/** One product with the caller's availability and limits (get-product-detail). */
export const productDetailQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: ['earn', 'product-detail', productId],
    queryFn: () => earnCall('get-product-detail', productDetailRequest(productId)),
  })

export const useProductDetail = (productId: string) =>
  useSuspenseQuery(productDetailQueryOptions(productId)).data.product
