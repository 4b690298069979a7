import { describe, expect, it } from 'vitest'
import { appLink, appScreenFor } from '../../../src/lib/deep-links/app-deep-links'

describe('deep links: web path → app screen (spec §2)', () => {
  it.each([
    ['/earn/', { screen: 'earn/center' }],
    ['/earn/home/', { screen: 'earn/center' }],
    ['/en/earn/home', { screen: 'earn/center' }],
    ['/earn/dual-asset-mining/', { screen: 'earn/product-list', params: { type: '2' } }],
    ['/earn/launchpool', { screen: 'earn/product-list', params: { type: '3' } }],
    ['/earn/flexible-staking', { screen: 'earn/product-list', params: { type: '4' } }],
    [
      '/ar-SA/earn/savings?id=flex-usdt&type=6&x=1',
      // The page's type 4 stays; the link's id and type travel beside it under their own names.
      {
        screen: 'earn/product-list',
        params: { type: '4' },
        query: { id: 'flex-usdt', type: '6' },
      },
    ],
    [
      '/earn/flexible-staking?id=9',
      { screen: 'earn/product-list', params: { type: '4' }, query: { id: '9' } },
    ],
    ['/earn/liquidity-mining/', { screen: 'earn/product-list', params: { type: '5' } }],
    ['/earn/pos/', { screen: 'earn/staking-home' }],
    ['/earn/double-win', { screen: 'earn/double-win' }],
    ['/earn/discount-buy', { screen: 'earn/discount-buy' }],
    ['/earn/wealth-management', { screen: 'earn/fund-pool-home' }],
    ['/earn/wallet-records', { screen: 'earn/wallet-records' }],
    ['/earn/orders', { screen: 'assets', params: { tab: '3' } }],
    ['/user/assets/order/earn', { screen: 'assets', params: { tab: '3' } }],
    ['/login', { screen: 'login' }],
    ['/en/register', { screen: 'register' }],
    ['/user/accounts/auth/personal', { screen: 'kyc' }],
    ['/fiat/deposit', { screen: 'fiat/deposit' }],
    ['/fiat/withdraw', { screen: 'fiat/withdraw' }],
    ['/trade/spot/btc/usdt', { screen: 'trade/spot', params: { symbol: 'BTCUSDT' } }],
    ['/trade/usdt/ETHUSDT', { screen: 'trade/derivatives', params: { symbol: 'ETHUSDT' } }],
    ['/tradingbot/create/grid', { screen: 'bot/create', params: { bot: 'grid' } }],
    ['/rewards-hub', { screen: 'rewards-hub' }],
    ['/copy-trade', { screen: 'copy-trade' }],
    ['/web3', { screen: 'web3' }],
    ['/web3/swap', { screen: 'web3', params: { page: 'swap' } }],
    ['/referral', { screen: 'referral' }],
    ['/vip', { screen: 'vip' }],
    ['https://www.example.com/en/vip', { screen: 'vip' }],
  ])('%s → %j', (url, screen) => {
    expect(appScreenFor(url)).toEqual(screen)
  })

  it.each(['/earn/nowhere', '/trade/spot/btc', '/', '/about'])('%s is not mapped', (url) => {
    expect(appScreenFor(url)).toBeNull()
  })

  it('builds the app link', () => {
    expect(appLink({ screen: 'earn/product-list', params: { type: '4', id: 'a b' } })).toBe(
      'earnapp://earn/product-list?type=4&id=a+b',
    )
    expect(appLink({ screen: 'vip' })).toBe('earnapp://vip')
  })
})
