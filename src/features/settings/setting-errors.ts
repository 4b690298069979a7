import { orderErrorKey } from '../../lib/http/error-codes'
import { RequestError } from '../../lib/http/request-error'

/** The user said no to Telegram's question (write access, biometrics): nothing changed. */
export class WriteAccessRefused extends Error {
  override name = 'WriteAccessRefused'
}
export class BiometryRefused extends Error {
  override name = 'BiometryRefused'
}
/** Biometry is on from another device: only an enrolled device can add this one. */
export class OtherDeviceEnrolled extends Error {
  override name = 'OtherDeviceEnrolled'
}

/** The readable message for a failed settings change. */
export function settingErrorKey(error: unknown): string {
  if (error instanceof WriteAccessRefused) return 'settings.errors.writeAccess'
  if (error instanceof BiometryRefused) return 'settings.errors.biometryAccess'
  if (error instanceof OtherDeviceEnrolled) return 'settings.errors.otherDevice'
  return orderErrorKey(error instanceof RequestError ? error.code : undefined)
}
