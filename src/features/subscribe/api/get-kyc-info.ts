import { useQuery } from '@tanstack/react-query'
import { fetchKycInfo } from '../../../lib/http/profile-client'
import { kycLevel } from '../../../lib/kyc/kyc-level'

/**
 * The signed-in user's KYC level from kyc-info (spec §7: flags obtain_state, obtain_current;
 * response applicant.level), read where a product is KYC-limited, so the notice can say where
 * the user stands against what the product needs.
 */
export function useKycLevel(enabled: boolean) {
  return useQuery({
    queryKey: ['kyc-info'],
    queryFn: async () =>
      kycLevel((await fetchKycInfo({ obtain_state: true, obtain_current: true })).applicant.level),
    enabled,
    staleTime: 60_000,
  })
}
