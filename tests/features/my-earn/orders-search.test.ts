import { describe, expect, it } from 'vitest'
import { validateOrdersSearch } from '../../../src/features/my-earn/model/orders-search'
import { ORDERS_APP_SCREEN } from '../../../contract/app-deep-links'
import { appLink, appScreenFor } from '../../../src/lib/deep-links/app-deep-links'

describe('orders search', () => {
  it('keeps a known status and a well-formed order id', () => {
    expect(validateOrdersSearch({ status: 'failed', order: 'pay-1234abcd' })).toEqual({
      status: 'failed',
      order: 'pay-1234abcd',
    })
    expect(validateOrdersSearch({ status: 'success' })).toEqual({ status: 'success' })
  })

  it('drops unknown values: the In progress tab, no detail', () => {
    expect(validateOrdersSearch({ status: 'done', order: '<script>' })).toEqual({
      status: 'inprogress',
    })
    expect(validateOrdersSearch({ order: 'short' })).toEqual({ status: 'inprogress' })
    expect(validateOrdersSearch({ status: 3 })).toEqual({ status: 'inprogress' })
  })
})

describe('orders in the exchange app', () => {
  it("redirects to the deep-link table's screen for /earn/orders: assets, tab 3", () => {
    expect(appScreenFor('/earn/orders')).toEqual(ORDERS_APP_SCREEN)
    expect(appScreenFor('/ar-SA/earn/orders?status=failed')).toEqual(ORDERS_APP_SCREEN)
    expect(appLink(ORDERS_APP_SCREEN)).toBe('earnapp://assets?tab=3')
  })
})
