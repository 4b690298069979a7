import { localStore } from '../storage/safe-storage'
import { BIOMETRY_DEVICE_KEY as KEY, enrolledBiometryDevice, onDevice } from './biometry-device'

// Where this device's biometry enrolment is kept: localStorage and, where the client has it,
// Telegram's DeviceStorage (Bot API 9.0), which Telegram keeps for the bot on this device
// outside the webview: a cleared webview cache or a frame without storage loses the first,
// not the second.

/** Telegram's DeviceStorage for this bot (telegram-device-storage.ts, loaded with the SDK). */
export type DeviceStore = {
  get(key: string): Promise<string | null>
  set(key: string, value: string | null): Promise<void>
}

let device: DeviceStore | null = null
let writes = 0

function writeLocal(deviceId: string | null): void {
  // Storage refused (private mode): DeviceStorage may still hold it; else the next money move
  // answers 10428 with a readable text.
  if (deviceId) localStore.setItem(KEY, deviceId)
  else localStore.removeItem(KEY)
}

export function setEnrolledBiometryDevice(deviceId: string | null): void {
  writes++
  writeLocal(deviceId)
  if (!device) return
  onDevice.id = deviceId
  device.set(KEY, deviceId).catch((err: unknown) => console.warn('[telegram] device storage', err))
}

/**
 * Once the SDK has started, where the client has DeviceStorage: the id it holds is this device's
 * from now on, and every change is written there too. An id only localStorage holds (enrolled
 * before DeviceStorage was used) is copied over. Until the client answers, and if it never
 * does, localStorage alone answers, as without DeviceStorage.
 */
export async function keepBiometryDeviceIn(store: DeviceStore): Promise<void> {
  device = store
  const before = writes
  let stored: string | null
  try {
    stored = await store.get(KEY)
  } catch (err) {
    if (device === store && writes === before) device = null
    throw err
  }
  // Changed meanwhile: that change went to both stores already.
  if (writes !== before) return
  const local = enrolledBiometryDevice()
  if (stored === null && local !== null) {
    onDevice.id = local
    await store.set(KEY, local)
    return
  }
  onDevice.id = stored
  if (stored !== local) writeLocal(stored)
}
