import Decimal from 'decimal.js'
import { ProductCardStatus, SubscriptionState } from '../../../contract/enums'

type ProductWindow = {
  remainingQuota: string
  subscribeStartAt: Date
  subscribeEndAt: Date | null
  offline: number
}

/** Subscription state (spec §4) derived from the quota, the window and the clock. */
export function subscriptionStateOf(p: ProductWindow, now: Date): SubscriptionState {
  if (p.subscribeEndAt && now >= p.subscribeEndAt) return SubscriptionState.Ended
  if (now < p.subscribeStartAt) return SubscriptionState.Unstarted
  if (new Decimal(p.remainingQuota).lte(0)) return SubscriptionState.Soldout
  return SubscriptionState.Running
}

/** Card status (spec §4) shown on product cards. */
export function cardStatusOf(p: ProductWindow, now: Date): ProductCardStatus {
  if (p.offline) return ProductCardStatus.Offline
  switch (subscriptionStateOf(p, now)) {
    case SubscriptionState.Running:
      return ProductCardStatus.Available
    case SubscriptionState.Soldout:
      return ProductCardStatus.Soldout
    case SubscriptionState.Unstarted:
      return ProductCardStatus.NotStarted
    case SubscriptionState.Ended:
      return ProductCardStatus.SubscribeEnd
    default:
      return ProductCardStatus.Default
  }
}
