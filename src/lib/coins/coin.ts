import type { CoinTuple } from '../../../contract/market.schema'

/** A coin as the client uses it (spec §3). */
export type Coin = {
  enum: number
  name: string
  /** Wallet (asset) digits. */
  assetDigits: number
  transactionDigits: number
  darkIcon: string
  lightIcon: string
}

/** get-coins arrays → Coin objects. */
export const coinFromTuple = ([
  id,
  name,
  assetDigits,
  transactionDigits,
  darkIcon,
  lightIcon,
]: CoinTuple): Coin => ({
  enum: id,
  name,
  assetDigits,
  transactionDigits,
  darkIcon,
  lightIcon,
})
