import { localStore, type SafeStorage } from '../storage/safe-storage'

/** localStorage key of the analytics user id (spec §4). */
export const GA_UID_KEY = 'GA_UID'
export const ANONYMOUS_UID = 0

/** The analytics user id; 0 until a login sets it. */
export function analyticsUserId(storage: SafeStorage = localStore): number {
  const id = Number(storage.getItem(GA_UID_KEY))
  return Number.isInteger(id) && id > 0 ? id : ANONYMOUS_UID
}

/** Called on login (and with 0 on logout). */
export function setAnalyticsUserId(userId: number, storage: SafeStorage = localStore): void {
  // Without the browser's storage the id lives as long as the page.
  storage.setItem(GA_UID_KEY, String(userId > 0 ? userId : ANONYMOUS_UID))
}
