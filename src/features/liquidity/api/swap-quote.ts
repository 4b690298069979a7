import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { EarnRequest } from '../../../../contract/earn-calls'
import { earnCall } from '../../../lib/http/earn-client'

/** A fresh quote as the amount changes, refreshed while the dialog is open; the old one stays meanwhile. */
export const useSwapQuote = (req: EarnRequest<'get-swap-quote'> | null) =>
  useQuery({
    queryKey: ['earn', 'swap-quote', req],
    queryFn: () => earnCall('get-swap-quote', req!),
    enabled: req !== null,
    refetchInterval: 10_000,
    placeholderData: keepPreviousData,
  })
