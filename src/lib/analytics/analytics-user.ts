/** localStorage key of the analytics user id (spec §4). */
export const GA_UID_KEY = 'GA_UID'
export const ANONYMOUS_UID = 0

/** The analytics user id; 0 until a login sets it. */
export function analyticsUserId(storage: Storage = localStorage): number {
  try {
    const id = Number(storage.getItem(GA_UID_KEY))
    return Number.isInteger(id) && id > 0 ? id : ANONYMOUS_UID
  } catch {
    return ANONYMOUS_UID
  }
}

/** Called on login (and with 0 on logout). */
export function setAnalyticsUserId(userId: number, storage: Storage = localStorage): void {
  try {
    storage.setItem(GA_UID_KEY, String(userId > 0 ? userId : ANONYMOUS_UID))
  } catch {
    // Without storage the id stays 0: events are still sent, just not tied to the user.
  }
}
