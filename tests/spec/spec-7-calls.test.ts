// Spec §7 (the calls it makes): every path and name the client sends.
import { describe, expect, it } from 'vitest'
import { ANALYTICS_PATH } from '../../src/lib/analytics/analytics-sender'
import { SPEC_EARN_CALLS as EARN_CALLS } from '../../contract/earn-calls'
import {
  API_PREFIX,
  COINS_PATH,
  CONFIG_WEB_PATH,
  EARN_PATH,
  PROFILE_PATH,
} from '../../contract/paths'
import { GrayReleaseScene } from '../../contract/gray-release-scenes'
import { stageKey, userlistKey } from '../../contract/gray-release'
import { KYC_INFO_PATH } from '../../src/lib/http/profile-client'
import { EarnSocketChannel } from '../../src/lib/sockets/earn-socket'
import { SPOT_QUOTE_SOCKET_PATH, subscribeFrame } from '../../src/lib/sockets/spot-quote-socket'
import { SPOT_SYMBOL_PREFIX, TICKER_PATH } from '../../src/lib/tickers/tickers'

describe('§7 paths', () => {
  it.each([
    ['API prefix', API_PREFIX, '/x-api'],
    ['earn base', EARN_PATH, '/s1/byfi'],
    ['coins', COINS_PATH, '/get-coins'],
    ['kyc info', KYC_INFO_PATH, '/v3/private/kyc/kyc-info'],
    ['ticker', TICKER_PATH, '/spot/api/quote/v1/ticker'],
    ['web config', CONFIG_WEB_PATH, '/v3/config/web'],
    ['profile', PROFILE_PATH, '/v2/private/user/profile'],
    ['analytics', ANALYTICS_PATH, '/analytics'],
    ['spot quote socket', SPOT_QUOTE_SOCKET_PATH, '/spot/ws/quote/v1'],
    ['ticker symbol prefix', SPOT_SYMBOL_PREFIX, '301.'],
  ])('%s: %s', (_name, actual, expected) => expect(actual).toBe(expected))

  it('the 21 earn calls', () => {
    expect(EARN_CALLS).toEqual([
      'get-homepage-product-cards',
      'get-product-detail',
      'get-product-details',
      'preview-order',
      'check-available',
      'pay-order',
      'confirm-order',
      'get-assets-summary-v2',
      'get-user-pnl',
      'get-user-balance',
      'get-user-wallet-records',
      'get-positions',
      'get-products-extra-info',
      'submit-bill-export',
      'retry-bill-export',
      'list-bill-export',
      'download-bill',
      'get-user-liquidity-summary',
      'claim-yield',
      'get-auto-savings-open-status',
      'edit-auto-savings',
    ])
  })
})

describe('§7 names', () => {
  it('whitelist keys {scene}_stage and {scene}_userlist for the two scenes', () => {
    expect(Object.values(GrayReleaseScene)).toEqual(['structured_products', 'launchpool_show'])
    expect([stageKey('launchpool_show'), userlistKey('launchpool_show')]).toEqual([
      'launchpool_show_stage',
      'launchpool_show_userlist',
    ])
  })
  it('spot subscribe frame and earn channels', () => {
    expect(subscribeFrame(['BTCUSDT', 'ETHUSDT'])).toEqual({
      topic: 'realtimes',
      event: 'sub',
      symbol: 'BTCUSDT,ETHUSDT',
      params: { binary: false },
    })
    expect(Object.values(EarnSocketChannel)).toEqual(['public', 'realtime_w'])
  })
})
