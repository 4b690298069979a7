import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppBridgeError, createAppBridge } from '../../../src/lib/app-bridge/app-bridge'
import { appVersionFromUserAgent } from '../../../contract/app-user-agent'
import { exchangeScreenFor } from '../../../src/lib/app-bridge/app-webview'
import { APP_BRIDGE_METHOD } from '../../../contract/app-bridge'
import { APP_SCREEN, EARN_TYPE_PARAM } from '../../../contract/app-deep-links'
import { ProductType } from '../../../contract/enums'

type FakeWindow = {
  ExchangeAppBridge?: { postMessage(message: string): void }
  ExchangeAppBridgeCallback?: (message: string) => void
}

/** A window whose native bridge records messages; answer() replies as the app would. */
function fakeApp() {
  const sent: { id: number; method: string; params: unknown }[] = []
  const win: FakeWindow = { ExchangeAppBridge: { postMessage: (m) => sent.push(JSON.parse(m)) } }
  const answer = (reply: object) => win.ExchangeAppBridgeCallback!(JSON.stringify(reply))
  return { win, sent, answer }
}

afterEach(() => vi.useRealTimers())

describe('app user agent', () => {
  it('reads the app version; null outside the app', () => {
    expect(appVersionFromUserAgent('Mozilla/5.0 (iPhone) Mobile/15E148 ExchangeApp/3.6.1')).toBe(
      '3.6.1',
    )
    expect(appVersionFromUserAgent('Mozilla/5.0 ExchangeApp/4.10 (Android)')).toBe('4.10')
    expect(appVersionFromUserAgent('Mozilla/5.0 (iPhone) Safari/604.1')).toBeNull()
    expect(appVersionFromUserAgent('Mozilla/5.0 NotExchangeApp/3.6.1')).toBeNull()
  })
})

describe('createAppBridge', () => {
  it('is null when the app injected no bridge', () => {
    expect(createAppBridge({})).toBeNull()
  })

  it('sends {id, method, params} and resolves with the matching answer', async () => {
    const { win, sent, answer } = fakeApp()
    const bridge = createAppBridge(win)!
    const profile = bridge.getUserProfile()
    const push = bridge.routerPush({ screen: 'kyc', url: 'https://x.test/en/kyc' })
    expect(sent.map((m) => m.method)).toEqual([
      APP_BRIDGE_METHOD.getUserProfile,
      APP_BRIDGE_METHOD.routerPush,
    ])
    expect(sent[1]!.params).toEqual({ screen: 'kyc', url: 'https://x.test/en/kyc' })
    // Answers may come in any order; each settles its own call.
    answer({ id: sent[1]!.id, result: null })
    answer({ id: sent[0]!.id, result: { uid: 'u1', token: 't1' } })
    await expect(push).resolves.toBeNull()
    await expect(profile).resolves.toEqual({ uid: 'u1', token: 't1' })
  })

  it('rejects with the app error, ignores junk and unknown ids', async () => {
    const { win, sent, answer } = fakeApp()
    const config = createAppBridge(win)!.getAppConfig()
    win.ExchangeAppBridgeCallback!('not json')
    answer({ id: 999, result: {} })
    answer({ id: sent[0]!.id, error: { code: 7, message: 'denied' } })
    await expect(config).rejects.toEqual(new AppBridgeError('denied', 7))
  })

  it('a call the app never answers fails after the timeout', async () => {
    vi.useFakeTimers()
    const { win } = fakeApp()
    const call = createAppBridge(win, 3000)!.getAppConfig()
    const settled = expect(call).rejects.toThrow(/no answer in 3000 ms/)
    await vi.advanceTimersByTimeAsync(3000)
    await settled
  })
})

describe('exchangeScreenFor', () => {
  const shown = new URL('https://x.test/en/earn/product/flex-usdt')
  const at = (path: string, current = shown) =>
    exchangeScreenFor(new URL(path, 'https://x.test'), current)
  it('maps other exchange pages through the deep-link table, with or without locale', () => {
    expect(at('/en/user/accounts/auth/personal')).toEqual({ screen: APP_SCREEN.kyc })
    expect(at('/ar-SA/login?redirect_url=x')).toEqual({ screen: APP_SCREEN.login })
    expect(at('/trade/spot/BTC/USDT')).toEqual({
      screen: APP_SCREEN.spotTrade,
      params: { symbol: 'BTCUSDT' },
    })
  })
  it('maps earn pages of the table too (spec §2)', () => {
    expect(at('/earn/home')).toEqual({ screen: APP_SCREEN.earnCenter })
    expect(at('/ru-RU/earn/savings?type=6')).toEqual({
      screen: APP_SCREEN.earnProductList,
      params: { [EARN_TYPE_PARAM]: String(ProductType.Flexible) },
      query: { type: '6' },
    })
  })
  it('leaves unmapped pages and the page already shown to the webview', () => {
    expect(at('/earn/my-earn')).toBeNull()
    expect(at('/some/unknown/page')).toBeNull()
    const home = new URL('https://x.test/earn/home')
    expect(at('/en/earn/home/', home)).toBeNull()
    expect(at('/earn/savings', home)).not.toBeNull()
  })
})
