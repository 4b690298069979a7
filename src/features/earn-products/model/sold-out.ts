import type { ProductCard } from '../../../../contract/earn.schema'
import { ProductCardStatus } from '../../../../contract/enums'

/** Sold out by status, or no quota left though the status has not caught up yet. */
export const isSoldOut = (card: ProductCard) =>
  card.card_status === ProductCardStatus.Soldout || /^0(\.0*)?$/.test(card.remaining_quota)
