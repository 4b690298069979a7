// The one fact about biometric confirmation a page needs before the SDK loads: whether this
// device holds a key (its key lives in Telegram's biometric storage, so the flag is per device,
// never in the synced cloud storage). Written by biometry-enrolment.ts (off the first load):
// to this device's local store and, where the client has it, Telegram's DeviceStorage.

import { localStore } from '../storage/safe-storage'

export const BIOMETRY_DEVICE_KEY = 'earn/biometry-device'

/** DeviceStorage's value once read or written; undefined until then (or without one). */
export const onDevice: { id?: string | null } = {}

/** This device's enrolled id, or null when it holds no key. */
export function enrolledBiometryDevice(): string | null {
  if (onDevice.id !== undefined) return onDevice.id
  return localStore.getItem(BIOMETRY_DEVICE_KEY)
}
