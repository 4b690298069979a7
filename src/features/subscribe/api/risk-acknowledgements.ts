import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ProductType } from '../../../../contract/enums'
import { earnCall } from '../../../lib/http/earn-client'

/** The structured product types this user has acknowledged the risk of (server-side). */
export const riskAcknowledgementsQueryOptions = () =>
  queryOptions({
    queryKey: ['earn', 'risk-acknowledgements'],
    queryFn: () => earnCall('get-risk-acknowledgements'),
    staleTime: 60_000,
  })

export const useRiskAcknowledgements = (enabled: boolean) =>
  useQuery({ ...riskAcknowledgementsQueryOptions(), enabled })

/** acknowledge-risk: remembered for the user, so no other device asks again. */
export function useAcknowledgeRisk() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (productType: ProductType) =>
      earnCall('acknowledge-risk', { product_type: productType }),
    onSuccess: (data) =>
      queryClient.setQueryData(riskAcknowledgementsQueryOptions().queryKey, data),
  })
}
