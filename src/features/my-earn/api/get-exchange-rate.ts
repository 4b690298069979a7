import { useQuery } from '@tanstack/react-query'
import { EXCHANGE_RATE_PATH, type FiatCurrency } from '../../../../contract/fiat-currencies'
import type { ExchangeRate } from '../../../../contract/market.schema'
import { apiRequest } from '../../../lib/http/api-client'

/** Units of `currency` per 1 USD (spec §7 exchange-rate, by name); USD needs no call. */
export function useUsdRate(currency: FiatCurrency) {
  return useQuery({
    queryKey: ['exchange-rate', currency],
    queryFn: async () =>
      (await apiRequest<ExchangeRate>('GET', EXCHANGE_RATE_PATH, { name: currency })).rate,
    enabled: currency !== 'USD',
    staleTime: 60_000,
  })
}
