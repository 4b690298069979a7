import { queryOptions, useQuery } from '@tanstack/react-query'
import { earnCall } from '../../../lib/http/earn-client'

/**
 * get-products-extra-info for one product: how many people hold it and the caller's usable
 * vouchers (spec §7). Read after the page is up (never in the served first view: nothing waits
 * on it), and again every minute while the page stays open.
 */
export const productExtraInfoQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: ['earn', 'products-extra-info', productId],
    queryFn: async () =>
      (await earnCall('get-products-extra-info', { product_ids: [productId] })).items.find(
        (i) => i.product_id === productId,
      ) ?? null,
    staleTime: 60_000,
    refetchInterval: 60_000,
  })

export const useProductExtraInfo = (productId: string) =>
  useQuery(productExtraInfoQueryOptions(productId))
