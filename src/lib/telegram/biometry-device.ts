// The one fact about biometric confirmation a page needs before the SDK loads: whether this
// device holds a key (its key lives in Telegram's biometric storage, so the flag is per device,
// never in the synced cloud storage). It stays in this device's localStorage and, where the
// client has it, in Telegram's DeviceStorage (Bot API 9.0), which Telegram keeps for the bot on
// this device outside the webview: a cleared webview cache or a frame without storage loses the
// first, not the second.

const KEY = 'earn/biometry-device'

/** Telegram's DeviceStorage for this bot (telegram-device-storage.ts, loaded with the SDK). */
export type DeviceStore = {
  get(key: string): Promise<string | null>
  set(key: string, value: string | null): Promise<void>
}

let device: DeviceStore | null = null
/** What DeviceStorage holds, once read or written; undefined until then (or without one). */
let onDevice: string | null | undefined
let writes = 0

function readLocal(): string | null {
  try {
    return localStorage.getItem(KEY)
  } catch {
    return null
  }
}

function writeLocal(deviceId: string | null): void {
  try {
    if (deviceId) localStorage.setItem(KEY, deviceId)
    else localStorage.removeItem(KEY)
  } catch {
    // Storage refused (private mode): DeviceStorage may still hold it; else the next money move
    // answers 10428 with a readable text.
  }
}

/** This device's enrolled id, or null when it holds no key. */
export function enrolledBiometryDevice(): string | null {
  return onDevice !== undefined ? onDevice : readLocal()
}

export function setEnrolledBiometryDevice(deviceId: string | null): void {
  writes++
  writeLocal(deviceId)
  if (!device) return
  onDevice = deviceId
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
  const local = readLocal()
  if (stored === null && local !== null) {
    onDevice = local
    await store.set(KEY, local)
    return
  }
  onDevice = stored
  if (stored !== local) writeLocal(stored)
}
