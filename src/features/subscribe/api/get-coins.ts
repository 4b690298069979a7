import { useQuery } from '@tanstack/react-query'
import type { Coin } from '../../../lib/coins/coins'
import { coinsQueryOptions } from '../../../lib/coins/coins-query'

/** The shared coin list query (src/lib/coins): the coin icons read the same cache. */
export const getCoinsQueryOptions = coinsQueryOptions

/** The coin's digits; before the list arrives a safe default keeps the input usable. */
export function useCoin(name: string): Pick<Coin, 'name' | 'assetDigits'> {
  const { data } = useQuery(getCoinsQueryOptions())
  return data?.find((c) => c.name === name) ?? { name, assetDigits: 8 }
}
