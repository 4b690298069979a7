import { describe, expect, it } from 'vitest'
import { APP_LINK_SCHEME, APP_SCREEN } from '../../../contract/app-deep-links'
import { easyEarnAppLink } from '../../../src/features/earn-products/easy-earn-redirect'
import { validateEasyEarnSearch } from '../../../src/features/earn-products/easy-earn-search'

describe('easy-earn in the app (spec §2)', () => {
  it('with an id: the stake page with productId and productType', () => {
    const search = validateEasyEarnSearch({ id: 'flex-usdt', productType: 4 })
    expect(easyEarnAppLink(search)).toBe(
      `${APP_LINK_SCHEME}${APP_SCREEN.easyEarnStake}?productId=flex-usdt&productType=4`,
    )
  })

  it('without an id: the savings home with the token and productType', () => {
    const search = validateEasyEarnSearch({ token: 'USDT', productType: '6', id: '<bad>' })
    expect(search.id).toBeUndefined()
    expect(easyEarnAppLink(search)).toBe(
      `${APP_LINK_SCHEME}${APP_SCREEN.easyEarnSavingsHome}?token=USDT&productType=6`,
    )
  })
})
