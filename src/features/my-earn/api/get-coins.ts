import { queryOptions, useQuery } from '@tanstack/react-query'
import { loadCoins, type Coin } from '../../../lib/coins/coins'

export const getCoinsQueryOptions = () =>
  queryOptions({ queryKey: ['coins'], queryFn: () => loadCoins(), staleTime: 10 * 60_000 })

type CoinDigits = Pick<Coin, 'name' | 'assetDigits'>

/** A lookup of each coin's digits; 8 until the list arrives so nothing is cut too short. */
export function useCoinDigits(): (name: string) => CoinDigits {
  const { data } = useQuery(getCoinsQueryOptions())
  return (name) => data?.find((c) => c.name === name) ?? { name, assetDigits: 8 }
}
