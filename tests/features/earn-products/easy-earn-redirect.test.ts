import { describe, expect, it } from 'vitest'
import { easyEarnAppLink } from '../../../src/features/earn-products/easy-earn-redirect'
import { validateEasyEarnSearch } from '../../../src/features/earn-products/easy-earn-search'

describe('easy-earn in the app (spec §2)', () => {
  it('with an id: the stake page with productId and productType', () => {
    const search = validateEasyEarnSearch({ id: 'flex-usdt', productType: 4 })
    expect(easyEarnAppLink(search)).toBe(
      'earnapp://mini-program/easy-earn/stake?productId=flex-usdt&productType=4',
    )
  })

  it('without an id: the savings home with the token and productType', () => {
    const search = validateEasyEarnSearch({ token: 'USDT', productType: '6', id: '<bad>' })
    expect(search.id).toBeUndefined()
    expect(easyEarnAppLink(search)).toBe(
      'earnapp://mini-program/easy-earn/savings-home?token=USDT&productType=6',
    )
  })
})
