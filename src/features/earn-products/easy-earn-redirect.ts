import { APP_SCREEN } from '../../../contract/app-deep-links'
import { appLink } from '../../lib/deep-links/app-deep-links'
import type { EasyEarnSearch } from './easy-earn-search'

/**
 * Spec §2: inside the exchange app, easy-earn opens the app's mini-program route: the stake
 * page for an id, else the savings home with the token and product type (screen names ours).
 */
export function easyEarnAppLink(search: EasyEarnSearch): string {
  if (search.id)
    return appLink({
      screen: APP_SCREEN.easyEarnStake,
      params: {
        productId: search.id,
        ...(search.productType ? { productType: search.productType } : {}),
      },
    })
  return appLink({
    screen: APP_SCREEN.easyEarnSavingsHome,
    params: {
      ...(search.token ? { token: search.token } : {}),
      ...(search.productType ? { productType: search.productType } : {}),
    },
  })
}
