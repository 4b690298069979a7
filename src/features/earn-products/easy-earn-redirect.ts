import { appLink } from '../../lib/deep-links/app-deep-links'
import type { EasyEarnSearch } from './easy-earn-search'

/**
 * Spec §2: inside the exchange app, easy-earn opens the app's mini-program route: the stake
 * page for an id, else the savings home with the token and product type (screen names ours).
 */
export function easyEarnAppLink(search: EasyEarnSearch): string {
  if (search.id)
    return appLink({
      screen: 'mini-program/easy-earn/stake',
      params: {
        productId: search.id,
        ...(search.productType ? { productType: search.productType } : {}),
      },
    })
  return appLink({
    screen: 'mini-program/easy-earn/savings-home',
    params: {
      ...(search.token ? { token: search.token } : {}),
      ...(search.productType ? { productType: search.productType } : {}),
    },
  })
}
