import { queryOptions, useQuery } from '@tanstack/react-query'
import { earnCall } from '../http/earn-client'

/** Auto-savings per coin (get-auto-savings-open-status). */
export const autoSavingsQueryOptions = () =>
  queryOptions({
    queryKey: ['earn', 'auto-savings'],
    queryFn: () => earnCall('get-auto-savings-open-status'),
  })

export const useAutoSavings = () => useQuery(autoSavingsQueryOptions())
