import { OrderRetCode } from '../../../../contract/order-ret-codes'
import { orderErrorKey } from '../../../lib/http/error-codes'
import { COMPLIANCE_WALL_CODE } from '../../../lib/http/compliance-wall'

/** What the user can do about a failed order. */
export type OrderAction =
  | 'deposit'
  | 'lowerAmount'
  | 'tryLater'
  | 'review'
  | 'kyc'
  | 'browse'
  | 'taxation'
  | 'retry'
  | 'none'

export type OrderOutcome = { code: number; messageKey: string; action: OrderAction }

/**
 * The code that opens the taxation dialog (spec §8 leaves it open). 604 is one of the codes
 * the spec lists without a meaning; we give it "tax information needed" (docs/ui.md).
 */
export const TAXATION_CODE = OrderRetCode.TaxFormRequired

/** Failures whose outcome is unknown (network, timeout): retrying reuses the same order id. */
export const UNKNOWN_OUTCOME_CODE = -1

const ACTIONS: Record<number, OrderAction> = {
  [OrderRetCode.SoldOut]: 'browse',
  [OrderRetCode.InsufficientBalance]: 'deposit',
  [OrderRetCode.InsufficientBalanceAlt]: 'deposit',
  [OrderRetCode.OverLimit]: 'lowerAmount',
  [OrderRetCode.SystemMaintenance]: 'tryLater',
  [OrderRetCode.NotEligible]: 'kyc',
  [OrderRetCode.MaxPendingOrders]: 'tryLater',
  [OrderRetCode.RateLimit]: 'tryLater',
  [OrderRetCode.QuotePrice]: 'review',
  [OrderRetCode.OrderUnavailable]: 'tryLater',
  [OrderRetCode.OrderConflict]: 'review',
  [OrderRetCode.OrderNotFound]: 'tryLater',
  [TAXATION_CODE]: 'taxation',
  [COMPLIANCE_WALL_CODE]: 'none',
}

/** Every order code of spec §8 with its message key and the action that fixes it. */
export function orderOutcome(code: number): OrderOutcome {
  if (code === TAXATION_CODE)
    return { code, messageKey: 'subscribe.errors.taxation', action: 'taxation' }
  if (code === COMPLIANCE_WALL_CODE)
    return { code, messageKey: 'subscribe.errors.compliance', action: 'none' }
  if (code === UNKNOWN_OUTCOME_CODE)
    return { code, messageKey: 'subscribe.errors.unknownOutcome', action: 'retry' }
  return { code, messageKey: orderErrorKey(code), action: ACTIONS[code] ?? 'tryLater' }
}
