import { NotEligibleExtCode, OrderRetCode } from '../../../../contract/order-ret-codes'
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
  [OrderRetCode.MaxPendingOrders]: 'tryLater',
  [OrderRetCode.RateLimit]: 'tryLater',
  [OrderRetCode.QuotePrice]: 'review',
  [OrderRetCode.OrderUnavailable]: 'tryLater',
  [OrderRetCode.OrderConflict]: 'review',
  [OrderRetCode.OrderNotFound]: 'tryLater',
  [TAXATION_CODE]: 'taxation',
  [COMPLIANCE_WALL_CODE]: 'none',
}

/**
 * 334 (not eligible) says what to do by its ext_code: identity verification only when the level
 * is what is missing; another voucher; other products once the window has ended. Without one
 * (a blocked account) nothing here would help: the message alone, and Back.
 */
const NOT_ELIGIBLE: Readonly<Record<string, Omit<OrderOutcome, 'code'>>> = {
  [NotEligibleExtCode.KycRequired]: { messageKey: 'subscribe.errors.kycRequired', action: 'kyc' },
  [NotEligibleExtCode.Voucher]: { messageKey: 'subscribe.errors.voucher', action: 'review' },
  [NotEligibleExtCode.Ended]: { messageKey: 'subscribe.errors.ended', action: 'browse' },
}

/**
 * Every order code of spec §8 with its message key and the action that fixes it; `extCode` is
 * the envelope's reason beside it ('' when none).
 */
export function orderOutcome(code: number, extCode = ''): OrderOutcome {
  if (code === OrderRetCode.NotEligible)
    return {
      code,
      ...(NOT_ELIGIBLE[extCode] ?? { messageKey: orderErrorKey(code), action: 'none' }),
    }
  if (code === TAXATION_CODE)
    return { code, messageKey: 'subscribe.errors.taxation', action: 'taxation' }
  if (code === COMPLIANCE_WALL_CODE)
    return { code, messageKey: 'subscribe.errors.compliance', action: 'none' }
  if (code === UNKNOWN_OUTCOME_CODE)
    return { code, messageKey: 'subscribe.errors.unknownOutcome', action: 'retry' }
  return { code, messageKey: orderErrorKey(code), action: ACTIONS[code] ?? 'tryLater' }
}
