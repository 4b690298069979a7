import { appLink } from '../../lib/deep-links/app-deep-links'

export type EasyEarnSearch = { id?: string; productType?: string; token?: string }

const param = (v: unknown) =>
  (typeof v === 'string' || typeof v === 'number') && /^[A-Za-z0-9_-]{1,64}$/.test(String(v))
    ? String(v)
    : undefined

export const validateEasyEarnSearch = (search: Record<string, unknown>): EasyEarnSearch => ({
  id: param(search.id),
  productType: param(search.productType ?? search.type),
  token: param(search.token),
})

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
