import { queryOptions, useQuery } from '@tanstack/react-query'
import { loadCoins, type Coin } from '../../../lib/coins/coins'

export const getCoinsQueryOptions = () =>
  queryOptions({ queryKey: ['coins'], queryFn: () => loadCoins(), staleTime: 10 * 60_000 })

/** The coin's digits; before the list arrives a safe default keeps the input usable. */
export function useCoin(name: string): Pick<Coin, 'name' | 'assetDigits'> {
  const { data } = useQuery(getCoinsQueryOptions())
  return data?.find((c) => c.name === name) ?? { name, assetDigits: 8 }
}
