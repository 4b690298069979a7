// The one fact about biometric confirmation a page needs before the SDK loads: whether this
// device holds a key (its key lives in Telegram's biometric storage, so the flag is per device
// and stays in this device's localStorage, never in the synced cloud storage).

import { localStore } from '../storage/safe-storage'

const KEY = 'earn/biometry-device'

/** This device's enrolled id, or null when it holds no key. */
export function enrolledBiometryDevice(): string | null {
  return localStore.getItem(KEY)
}

export function setEnrolledBiometryDevice(deviceId: string | null): void {
  // Storage refused (private mode): the next money move answers 10428 with a readable text.
  if (deviceId) localStore.setItem(KEY, deviceId)
  else localStore.removeItem(KEY)
}
