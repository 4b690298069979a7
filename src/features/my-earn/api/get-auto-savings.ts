import { queryOptions, useQuery } from '@tanstack/react-query'
import type { GetAutoSavingsOpenStatusResponse } from '../../../../contract/earn-account.schema'
import { earnCall } from '../../../lib/http/earn-client'

export const getAutoSavings = () =>
  earnCall<GetAutoSavingsOpenStatusResponse>('get-auto-savings-open-status', {})

export const getAutoSavingsQueryOptions = () =>
  queryOptions({ queryKey: ['earn', 'auto-savings'], queryFn: getAutoSavings })

export const useAutoSavings = () => useQuery(getAutoSavingsQueryOptions())
