import type { CoinTuple } from '../../../contract/market.schema'
import { COINS_PATH } from '../../../contract/paths'
import { coinFromTuple, type Coin } from './coin'
import { apiRequest } from '../http/api-client'
import { localStore, type SafeStorage } from '../storage/safe-storage'

export const COINS_STORAGE_KEY = 'earn/coins'
/** A coin list longer than this is logged as suspicious (spec §9). */
export const COIN_LIST_WARN_SIZE = 300

// lz-string is loaded with the first coin list, not with the page: it is not needed to paint.
const lzString = () => import('lz-string')

export async function readCachedCoins(storage: SafeStorage = localStore): Promise<Coin[] | null> {
  try {
    const { decompressFromUTF16 } = await lzString()
    const packed = storage.getItem(COINS_STORAGE_KEY)
    const text = packed ? decompressFromUTF16(packed) : null
    return text ? (JSON.parse(text) as Coin[]) : null
  } catch {
    return null
  }
}

async function writeCachedCoins(coins: Coin[], storage: SafeStorage): Promise<void> {
  try {
    const { compressToUTF16 } = await lzString()
    storage.setItem(COINS_STORAGE_KEY, compressToUTF16(JSON.stringify(coins)))
  } catch {
    // A full or unavailable storage only costs the offline fallback.
  }
}

/** Fetches the coin list and caches it compressed; on failure the cached coins, else the error. */
export async function loadCoins(storage: SafeStorage = localStore): Promise<Coin[]> {
  try {
    const coins = (await apiRequest<CoinTuple[]>('GET', COINS_PATH)).map(coinFromTuple)
    if (coins.length > COIN_LIST_WARN_SIZE) {
      console.warn(`[coins] ${coins.length} coins: more than ${COIN_LIST_WARN_SIZE}`)
    }
    await writeCachedCoins(coins, storage)
    return coins
  } catch (err) {
    const cached = await readCachedCoins(storage)
    if (cached) return cached
    throw err
  }
}
