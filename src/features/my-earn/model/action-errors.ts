import { OrderRetCode } from '../../../../contract/order-ret-codes'
import { orderErrorKey } from '../../../lib/http/error-codes'
import { RequestError } from '../../../lib/http/request-error'

/** Redeem and claim: 304 means nothing is left to pay there, not a short balance (docs/api.md). */
export function actionErrorKey(error: unknown): string {
  const code = error instanceof RequestError ? error.code : undefined
  if (code === OrderRetCode.InsufficientBalanceAlt) return 'myEarn.errors.nothingToPay'
  return orderErrorKey(code)
}
