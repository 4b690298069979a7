import { queryOptions, useQuery } from '@tanstack/react-query'
import type { GetProductDetailsResponse } from '../../../../contract/earn.schema'
import { earnCall } from '../../../lib/http/earn-client'

export const getProductDetails = (productIds: string[]) =>
  earnCall<GetProductDetailsResponse>('get-product-details', { product_ids: productIds })

export const getProductDetailsQueryOptions = (productIds: string[]) =>
  queryOptions({
    queryKey: ['earn', 'product-details', productIds],
    queryFn: () => getProductDetails(productIds),
  })

export const useProductDetails = (productIds: string[]) =>
  useQuery({ ...getProductDetailsQueryOptions(productIds), enabled: productIds.length > 0 })
