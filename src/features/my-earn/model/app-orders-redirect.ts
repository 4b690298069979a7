import { platformStore } from '../../../lib/platform/platform-store'

/**
 * Inside the exchange app, order lists are the app's assets screen, tab 3 (the deep-link
 * table's /earn/orders rule); the table loads only there, not in the first load.
 */
export async function redirectInAppToOrders(): Promise<void> {
  if (!platformStore.inApp) return
  const [{ appLink }, { ORDERS_APP_SCREEN }] = await Promise.all([
    import('../../../lib/deep-links/app-deep-links'),
    import('../../../../contract/app-deep-links'),
  ])
  location.replace(appLink(ORDERS_APP_SCREEN))
}
