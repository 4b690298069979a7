import { queryOptions, useQuery } from '@tanstack/react-query'
import { earnCall } from '../http/earn-client'

/** Several products at once (get-product-details). */
export const productDetailsQueryOptions = (productIds: string[]) =>
  queryOptions({
    queryKey: ['earn', 'product-details', productIds],
    queryFn: () => earnCall('get-product-details', { product_ids: productIds }),
  })

export const useProductDetails = (productIds: string[]) =>
  useQuery({ ...productDetailsQueryOptions(productIds), enabled: productIds.length > 0 })
