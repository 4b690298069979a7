import { EarnPublicTopic } from './earn-socket'
import { ProductType } from './enums'

// Apart from earn-socket.ts, which home's first load carries: only the offer pages, the product
// page and the server read this.

/**
 * The offer topic that pushes each price-linked product type's live terms and index price
 * (ours). The server publishes by it, the pages subscribe by it.
 */
export const OFFER_TOPIC_OF_TYPE: Readonly<Partial<Record<number, EarnPublicTopic>>> = {
  [ProductType.DOUBLEWIN]: EarnPublicTopic.DoubleWinOffer,
  [ProductType.DISCOUNT]: EarnPublicTopic.DiscountBuyOffer,
  [ProductType.UltraDiscountBuy]: EarnPublicTopic.DiscountBuyOffer,
  [ProductType.FUTUREBOOST]: EarnPublicTopic.FutureBoostOffer,
}
