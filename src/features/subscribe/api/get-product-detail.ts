import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import type { GetProductDetailResponse } from '../../../../contract/earn.schema'
import { earnCall } from '../../../lib/http/earn-client'

export const getProductDetail = (productId: string) =>
  earnCall<GetProductDetailResponse>('get-product-detail', { product_id: productId })

export const getProductDetailQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: ['earn', 'product-detail', productId],
    queryFn: () => getProductDetail(productId),
  })

export const useProductDetail = (productId: string) =>
  useSuspenseQuery(getProductDetailQueryOptions(productId)).data.product
