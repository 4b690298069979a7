import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  getHomepageProductCardsResponse,
  getProductDetailResponse,
  getProductsExtraInfoResponse,
} from '../../contract/earn.schema'
import {
  CoinOnSaleStatus,
  ProductAvailability,
  ProductCardStatus,
  ProductStage,
  ProductType,
} from '../../contract/enums'
import { createTestApp, type TestApp } from '../support/test-app'
import { earn, loginDemo } from './support/earn'

let t: TestApp
let kyc0: string
let kyc2: string
let blocked: string
let walled: string

beforeAll(async () => {
  t = await createTestApp()
  kyc0 = await loginDemo(t, 'kyc0')
  kyc2 = await loginDemo(t, 'kyc2')
  blocked = await loginDemo(t, 'blocked')
  walled = await loginDemo(t, 'walled')
})
afterAll(() => t.close())

const TYPES_WITH_PAGES = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 16, 18]

describe('get-homepage-product-cards', () => {
  it('lists every product type with a page or section, grouped by page key', async () => {
    const res = await earn(t, 'get-homepage-product-cards', {})
    const result = getHomepageProductCardsResponse.parse(res.result)
    expect(new Set(result.cards.map((c) => c.product_type))).toEqual(new Set(TYPES_WITH_PAGES))
    expect(result.groups?.home).toHaveLength(result.cards.length)
    expect(result.groups?.['dual-asset-mining']).toEqual(['dual-btc-low'])
    expect(result.groups?.['liquidity-mining']).toEqual(
      expect.arrayContaining(['liq-btc-usdt', 'liq-eth-usdt']),
    )
  })

  it('filters by page key and sorts by APR either way', async () => {
    const asc = await earn(t, 'get-homepage-product-cards', {
      page_key: 'savings',
      sort: 'apr_asc',
    })
    const types = new Set(asc.result.cards.map((c: any) => c.product_type))
    expect([...types].every((x) => x === ProductType.Flexible || x === ProductType.FixedTerm)).toBe(
      true,
    )
    const aprs = asc.result.cards.map((c: any) => Number(c.apr))
    expect(aprs).toEqual([...aprs].sort((a, b) => a - b))
  })

  it('shows tiered APR and Forbidden cards for users who may not buy', async () => {
    const anon = await earn(t, 'get-homepage-product-cards', { coin: 'USDT', product_types: [4] })
    expect(anon.result.cards[0]).toMatchObject({
      apr: '0.055',
      apr_max: '0.12',
      card_status: ProductCardStatus.Available,
    })
    const mine = await earn(
      t,
      'get-homepage-product-cards',
      { coin: 'USDT', product_types: [4] },
      blocked,
    )
    expect(mine.result.cards[0].card_status).toBe(ProductCardStatus.Forbidden)
  })

  it('refuses bad input', async () => {
    expect((await earn(t, 'get-homepage-product-cards', { page_key: 'nope' })).ret_code).toBe(10001)
  })
})

describe('get-product-detail(s) and check-available', () => {
  it('returns tiers, stage, coin-on-sale status, offer and the caller holding', async () => {
    // Launchpool is on for Stage2 ids (last digit odd): kyc2 (100013) is in it.
    const launch = getProductDetailResponse.parse(
      (await earn(t, 'get-product-detail', { product_id: 'launch-mnt' }, kyc2)).result,
    )
    expect(launch.product).toMatchObject({
      stage: ProductStage.Pending,
      coin_on_sale_status: CoinOnSaleStatus.Pending,
      availability: ProductAvailability.Available,
    })
    const running = (await earn(t, 'get-product-detail', { product_id: 'launch-ton' }, kyc2)).result
      .product
    expect(running).toMatchObject({
      stage: ProductStage.Active,
      coin_on_sale_status: CoinOnSaleStatus.Active,
      availability: 0,
      user_holding: '0',
      user_remaining_limit: '5000',
    })
    const flex = (await earn(t, 'get-product-detail', { product_id: 'flex-usdt' })).result.product
    expect(flex.availability).toBe(ProductAvailability.NotloggedIn)
    expect(flex.apr_tiers).toEqual([
      { min_amount: '0', max_amount: '2000', apr: '0.12' },
      { min_amount: '2000', max_amount: null, apr: '0.055' },
    ])
    expect(flex.redeemable_anytime).toBe(true)
    const dual = (await earn(t, 'get-product-detail', { product_id: 'dual-btc-low' })).result
      .product
    expect(dual.offer).toMatchObject({ direction: 1, base_coin: 'BTC', target_price: '92000' })
    const many = await earn(t, 'get-product-details', { product_ids: ['pos-sol', 'flex-btc'] })
    expect(many.result.products.map((p: any) => p.product_id)).toEqual(['pos-sol', 'flex-btc'])
  })

  it('10001 for unknown products and bad input', async () => {
    expect((await earn(t, 'get-product-detail', { product_id: 'nope' })).ret_code).toBe(10001)
    expect((await earn(t, 'get-product-details', { product_ids: [] })).ret_code).toBe(10001)
    expect((await earn(t, 'check-available', {}, kyc2)).ret_code).toBe(10001)
  })

  it.each([
    ['Available', 'kyc2', 'structured-eth', ProductAvailability.Available],
    ['KycLimited', 'kyc0', 'structured-eth', ProductAvailability.KycLimited],
    ['TagBlocked', 'blocked', 'flex-usdt', ProductAvailability.TagBlocked],
  ] as const)('check-available: %s', async (_n, who, product, availability) => {
    const cookie = { kyc2, kyc0, blocked }[who]
    const res = await earn(t, 'check-available', { product_id: product }, cookie)
    expect(res.result).toMatchObject({ product_id: product, availability })
    expect(res.result.reason === '').toBe(availability === ProductAvailability.Available)
  })

  it('check-available: 10007 logged out, 10024 walled', async () => {
    expect((await earn(t, 'check-available', { product_id: 'flex-usdt' })).ret_code).toBe(10007)
    expect((await earn(t, 'check-available', { product_id: 'flex-usdt' }, walled)).ret_code).toBe(
      10024,
    )
  })
})

describe('get-products-extra-info', () => {
  it('gives participants, sold ratio, stages, index price and usable vouchers', async () => {
    await earn(
      t,
      'pay-order',
      { order_id: 'extra-info-1', product_id: 'pos-sol', amount: '1' },
      kyc0,
    )
    const res = await earn(
      t,
      'get-products-extra-info',
      { product_ids: ['pos-sol', 'dual-btc-low', 'flex-usdt'] },
      kyc0,
    )
    const items = getProductsExtraInfoResponse.parse(res.result).items
    const byId = new Map(items.map((i) => [i.product_id, i]))
    expect(byId.get('pos-sol')?.participants).toBe(1)
    expect(byId.get('dual-btc-low')?.index_price).toMatch(/^\d/)
    expect(byId.get('flex-usdt')?.voucher_count).toBe(1)
    expect((await earn(t, 'get-products-extra-info', { product_ids: 'x' })).ret_code).toBe(10001)
  })
})
