import { deviceStorage } from '@tma.js/sdk-react'
import type { DeviceStore } from './biometry-enrolment'

/**
 * Telegram's DeviceStorage (Bot API 9.0, web_app_device_storage_*): values the client keeps for
 * this bot on this device, outside the webview's own storage. Null where the client has none
 * (older clients, or before the SDK's init).
 */
export function telegramDeviceStore(): DeviceStore | null {
  if (!deviceStorage.getItem.isAvailable()) return null
  return {
    get: (key) => deviceStorage.getItem(key),
    set: (key, value) => deviceStorage.setItem(key, value),
  }
}
