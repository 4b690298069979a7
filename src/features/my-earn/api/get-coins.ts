import { useQuery } from '@tanstack/react-query'
import type { Coin } from '../../../lib/coins/coins'
import { coinsQueryOptions } from '../../../lib/coins/coins-query'

/** The shared coin list query (src/lib/coins): the coin icons read the same cache. */
export const getCoinsQueryOptions = coinsQueryOptions

type CoinDigits = Pick<Coin, 'name' | 'assetDigits'>

/** A lookup of each coin's digits; 8 until the list arrives so nothing is cut too short. */
export function useCoinDigits(): (name: string) => CoinDigits {
  const { data } = useQuery(getCoinsQueryOptions())
  return (name) => data?.find((c) => c.name === name) ?? { name, assetDigits: 8 }
}
