import type { TFunction } from 'i18next'
import { billExportErrorKey } from '../../../lib/http/error-codes'
import { RequestError } from '../../../lib/http/request-error'

/** Each export code (303, 326, 327, 328) in words; anything else the generic message. */
export function exportErrorText(t: TFunction, error: unknown): string {
  const code = error instanceof RequestError ? error.code : undefined
  return t(billExportErrorKey(code))
}
