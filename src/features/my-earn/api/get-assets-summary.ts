import { queryOptions, useQuery } from '@tanstack/react-query'
import type { GetAssetsSummaryV2Response } from '../../../../contract/earn-account.schema'
import { earnCall } from '../../../lib/http/earn-client'

export const getAssetsSummary = () =>
  earnCall<GetAssetsSummaryV2Response>('get-assets-summary-v2', {})

export const getAssetsSummaryQueryOptions = () =>
  queryOptions({ queryKey: ['earn', 'assets-summary'], queryFn: getAssetsSummary })

export const useAssetsSummary = () => useQuery(getAssetsSummaryQueryOptions())
