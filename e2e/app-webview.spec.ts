import type { BrowserContext, Page } from '@playwright/test'
import { APP_BRIDGE_METHOD } from '../contract/app-bridge'
import {
  APP_LINK_SCHEME,
  APP_SCREEN,
  DEEP_LINK_RULES,
  EARN_TYPE_PARAM,
  type DeepLinkRule,
} from '../contract/app-deep-links'
import { ProductType } from '../contract/enums'
import { earnCallPath } from '../contract/paths'
import { RetCode } from '../contract/ret-codes'
import { DEMO_PASSWORD } from './earn-journey-helpers'
import {
  APP_BRIDGE_LOG_KEY,
  APP_BRIDGE_TOKEN_KEY,
  appBridgeAnswers,
  installAppBridge,
} from './support/app-bridge-recorder'
import { expect, test } from './support/fixtures'

// Runs on h5 only (playwright.config.ts): the exchange app's webview is a phone browser whose
// user agent names the app and its version. The native bridge is the recorder of
// e2e/support/app-bridge-recorder.ts.

const IPHONE_WEBVIEW =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
const appUserAgent = (version: string) => `${IPHONE_WEBVIEW} ExchangeApp/${version}`
// The download modal is on, as for a first visit: inside the app it must still never show.
test.use({ showDownloadPrompt: true })

type Call = { method: string; params: Record<string, unknown> }
const bridgeCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __appBridgeCalls: Call[] }).__appBridgeCalls)

/** The session token of a demo account, as the app holds it (the cookie jar is emptied). */
async function appTokenOf(context: BrowserContext, page: Page, email: string): Promise<string> {
  const res = await page.request.post('/x-api/v1/auth/login', {
    data: { email, password: DEMO_PASSWORD },
  })
  expect((await res.json()).ret_code).toBe(0)
  const cookie = (await context.cookies()).find((c) => c.name.startsWith('b_t_c_k'))
  expect(cookie).toBeTruthy()
  await context.clearCookies()
  return cookie!.value
}

test.describe('app 3.6.1', () => {
  test.use({ userAgent: appUserAgent('3.6.1') })

  test('the bridge gives the user (sent as UserToken) and the config; exchange and earn screens of the table go through router push', async ({
    page,
    context,
  }) => {
    const token = await appTokenOf(context, page, 'kyc0@earn.test')
    await page.addInitScript(installAppBridge, appBridgeAnswers({ token }))
    const withToken = page.waitForRequest(
      (r) => r.url().includes('/x-api/v2/private/user/profile') && r.headers().usertoken === token,
    )
    await page.goto('/earn/product/wealth-usdt')
    await withToken
    // No cookie: the user is known through the UserToken header alone.
    const notice = page.getByTestId('access-notice')
    await expect(notice).toHaveAttribute('data-availability', '3')
    expect((await bridgeCalls(page)).map((c) => c.method).sort()).toEqual([
      APP_BRIDGE_METHOD.getAppConfig,
      APP_BRIDGE_METHOD.getUserProfile,
    ])
    // The KYC page is an app screen (deep-link table): router push, the page stays.
    await notice.getByRole('link', { name: 'Verify identity' }).click()
    await expect
      .poll(async () =>
        (await bridgeCalls(page)).filter((c) => c.method === APP_BRIDGE_METHOD.routerPush),
      )
      .toEqual([
        {
          id: expect.any(Number),
          method: APP_BRIDGE_METHOD.routerPush,
          params: {
            screen: 'kyc',
            url: expect.stringMatching(/\/en\/user\/accounts\/auth\/personal$/),
          },
        },
      ])
    expect(new URL(page.url()).pathname).toBe('/earn/product/wealth-usdt')

    // Earn pages of the table are the app's screens too (spec §2): the tab bar's Savings asks
    // for the product list of type 4; the page stays.
    await page.getByRole('link', { name: 'Savings', exact: true }).click()
    await expect
      .poll(
        async () =>
          (await bridgeCalls(page)).filter((c) => c.method === APP_BRIDGE_METHOD.routerPush)[1],
      )
      .toMatchObject({
        params: {
          screen: APP_SCREEN.earnProductList,
          params: { [EARN_TYPE_PARAM]: String(ProductType.Flexible) },
        },
      })
    expect(new URL(page.url()).pathname).toBe('/earn/product/wealth-usdt')
    // Inside the app there is no download prompt (it would show after 400 ms on mobile web).
    await expect(page.getByTestId('download-prompt')).toHaveCount(0)
  })

  test('logged out in the app: Log in opens the app login screen', async ({ page }) => {
    await page.addInitScript(installAppBridge, appBridgeAnswers({ token: null }))
    await page.goto('/earn/home')
    await page.getByRole('link', { name: 'Log in' }).click()
    await expect
      .poll(
        async () =>
          (await bridgeCalls(page)).find((c) => c.method === APP_BRIDGE_METHOD.routerPush)?.params,
      )
      .toMatchObject({ screen: 'login' })
    expect(new URL(page.url()).pathname).toBe('/earn/home')
  })
})

/** Sample values for a rule's captured segments, and what the screen receives for them. */
const SEGMENTS: Record<string, string> = {
  base: 'btc',
  quote: 'usdt',
  symbol: 'ETHUSDT',
  bot: 'grid',
  page: 'swap',
}
const QUERY: Record<string, string> = { id: 'flex-usdt', type: String(ProductType.FixedTerm) }

/** A link to the rule's page (every other one under a locale, with a query the table drops). */
function linkTo(
  rule: DeepLinkRule,
  i: number,
): { href: string; expected: Record<string, unknown> } {
  const captured = [...rule.path.matchAll(/:(\w+)/g)].map((m) => m[1]!)
  const path = rule.path.replace(/:(\w+)/g, (_, key: string) => SEGMENTS[key]!)
  const query = new URLSearchParams([
    ...(rule.query ?? []).map((k) => [k, QUERY[k]!]),
    ['ref', 'x'],
  ])
  const href = `${i % 2 ? '/ar-SA' : ''}${path}?${query}`
  // Spot's base and quote travel as one symbol; other segments under their own names.
  const fromPath = captured.includes('base')
    ? { symbol: `${SEGMENTS.base}${SEGMENTS.quote}`.toUpperCase() }
    : Object.fromEntries(captured.map((k) => [k, SEGMENTS[k]!]))
  const params = { ...rule.params, ...fromPath }
  const expected: Record<string, unknown> = { screen: rule.screen }
  if (Object.keys(params).length) expected.params = params
  if (rule.query) expected.query = Object.fromEntries(rule.query.map((k) => [k, QUERY[k]!]))
  return { href, expected }
}

/** Follows a link the way a page's own link is followed: a real click on an anchor. */
async function follow(page: Page, href: string): Promise<void> {
  await page.evaluate((target) => {
    document.getElementById('deep-link-probe')?.remove()
    const a = document.createElement('a')
    a.id = 'deep-link-probe'
    a.href = target
    a.textContent = 'probe'
    a.style.cssText =
      'position:fixed;inset:0 auto auto 0;z-index:2147483647;padding:8px;background:#fff'
    document.body.append(a)
  }, href)
  await page.locator('#deep-link-probe').click()
}

const routerPushes = async (page: Page) =>
  (await bridgeCalls(page))
    .filter((c) => c.method === APP_BRIDGE_METHOD.routerPush)
    .map((c) => c.params)

test.describe('app 3.6.1: the deep-link table and an expired session', () => {
  test.use({ userAgent: appUserAgent('3.6.1') })

  test('every path of the deep-link table opens its app screen through router push; unmapped pages stay in the webview', async ({
    page,
  }) => {
    await page.addInitScript(
      installAppBridge,
      appBridgeAnswers({ token: null, logKey: APP_BRIDGE_LOG_KEY }),
    )
    await page.goto('/earn/product/wealth-usdt')
    // Hydrated, the app's start done: a visitor's Log in link.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible()
    // The bridge is called within the click: each push is recorded when the click returns.
    const links = DEEP_LINK_RULES.map(linkTo)
    for (const { href } of links) await follow(page, href)
    const pushed = await routerPushes(page)
    expect(pushed).toEqual(
      links.map(({ href, expected }) => ({ ...expected, url: new URL(href, page.url()).href })),
    )
    // Spec §2's earn rows by their spec values: the earn centre; types 2, 3, 4, 5; savings' id
    // and type under those names.
    const at = (path: string) => pushed[DEEP_LINK_RULES.findIndex((r) => r.path === path)]
    expect(at('/earn/home')).toMatchObject({ screen: APP_SCREEN.earnCenter })
    const types = [
      '/earn/dual-asset-mining',
      '/earn/launchpool',
      '/earn/savings',
      '/earn/liquidity-mining',
    ]
    expect(types.map((p) => (at(p)?.params as Record<string, string>)[EARN_TYPE_PARAM])).toEqual(
      [ProductType.Dual, ProductType.Launch, ProductType.Flexible, ProductType.Liquidity].map(
        String,
      ),
    )
    expect(at('/earn/savings')?.query).toEqual({
      id: 'flex-usdt',
      type: String(ProductType.FixedTerm),
    })
    // The webview stayed on its page through every push.
    expect(new URL(page.url()).pathname).toBe('/earn/product/wealth-usdt')

    // An earn page the table does not map is this web app's: it opens here, no push (the
    // bridge's log outlives the page).
    await follow(page, '/earn/structured-product')
    await page.waitForURL((url) => url.pathname === '/earn/structured-product')
    const log = await page.evaluate(
      (k) => JSON.parse(sessionStorage.getItem(k)!) as string[],
      APP_BRIDGE_LOG_KEY,
    )
    expect(log.filter((m) => m === APP_BRIDGE_METHOD.routerPush)).toHaveLength(links.length)
  })

  test('10007 and 100007 inside the app: the profile again from the bridge, then a reload with the new login', async ({
    page,
    context,
  }) => {
    // Two rounds of log in, expire, re-fetch and reload: room for a loaded machine.
    test.setTimeout(60_000)
    const email = 'kyc1@earn.test'
    let token = await appTokenOf(context, page, email)
    await page.addInitScript(
      installAppBridge,
      appBridgeAnswers({
        token,
        tokenKey: APP_BRIDGE_TOKEN_KEY,
        logKey: APP_BRIDGE_LOG_KEY,
      }),
    )
    for (const code of [RetCode.LoginExpired, RetCode.LoginExpiredAlt]) {
      await page.goto('/earn/product/wealth-usdt')
      await expect(page.getByTestId('account-name')).toBeVisible()
      // The session the page holds ends on the server; the app has logged the user in again,
      // so its next getUserProfile answers a new token.
      const logout = await page.request.post('/x-api/v1/auth/logout', {
        headers: { usertoken: token },
        data: {},
      })
      expect((await logout.json()).result.logged_out).toBe(true)
      const expired = token
      token = await appTokenOf(context, page, email)
      await page.evaluate(
        ([tokenKey, logKey, fresh]) => {
          sessionStorage.setItem(tokenKey!, fresh!)
          sessionStorage.setItem(logKey!, '[]')
        },
        [APP_BRIDGE_TOKEN_KEY, APP_BRIDGE_LOG_KEY, token],
      )
      // The server answers 10007 to the old token; for 100007 (spec §8's variant, which this
      // server never sends) the same answer passes with that code instead.
      const answered: number[] = []
      await page.route(
        (url) => url.pathname.startsWith(earnCallPath('')),
        async (route) => {
          const response = await route.fetch()
          const body = await response.json()
          if (
            route.request().headers().usertoken !== expired ||
            body.ret_code !== RetCode.LoginExpired
          )
            return route.fulfill({ response })
          answered.push(code)
          await route.fulfill({ response, json: { ...body, ret_code: code } })
        },
      )
      // The reloaded page's calls carry the app's new login, and the server answers them.
      const withFresh = page.waitForResponse(
        async (r) =>
          r.url().endsWith(earnCallPath('get-positions')) &&
          r.request().headers().usertoken === token &&
          (await r.json()).ret_code === 0,
      )
      // My earn is not in the table: it opens in the webview, and its calls carry the old token.
      await page.getByTestId('account-name').click()
      await withFresh
      expect(answered.length, String(code)).toBeGreaterThan(0)
      // The page reloaded itself (no login page): one re-fetch before the reload, then the
      // start's reads.
      expect(new URL(page.url()).pathname).toBe('/earn/my-earn')
      expect(
        await page.evaluate(
          () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type,
        ),
      ).toBe('reload')
      expect(
        JSON.parse((await page.evaluate((k) => sessionStorage.getItem(k), APP_BRIDGE_LOG_KEY))!),
      ).toEqual([
        APP_BRIDGE_METHOD.getUserProfile,
        APP_BRIDGE_METHOD.getUserProfile,
        APP_BRIDGE_METHOD.getAppConfig,
      ])
      await page.unrouteAll({ behavior: 'wait' })
    }
  })
})

test.describe('app 3.6.1: easy-earn', () => {
  test.use({ userAgent: appUserAgent('3.6.1') })

  test("easy-earn opens the app's mini-program: the stake page for an id, else the savings home", async ({
    page,
    context,
  }) => {
    await page.addInitScript(installAppBridge, appBridgeAnswers({ token: null }))
    // The app link is a scheme only the app knows: the navigation the page asks for is the
    // observable (Chromium then has nothing to open).
    const cdp = await context.newCDPSession(page)
    await cdp.send('Page.enable')
    const asked: string[] = []
    cdp.on('Page.frameRequestedNavigation', (e: { url: string }) => asked.push(e.url))
    await page.goto('/earn/easy-earn?id=flex-usdt&productType=4', { waitUntil: 'commit' })
    await expect
      .poll(() => asked)
      .toContain(`${APP_LINK_SCHEME}${APP_SCREEN.easyEarnStake}?productId=flex-usdt&productType=4`)
    await page.goto('/earn/easy-earn?token=USDT&type=6', { waitUntil: 'commit' })
    await expect
      .poll(() => asked)
      .toContain(`${APP_LINK_SCHEME}${APP_SCREEN.easyEarnSavingsHome}?token=USDT&productType=6`)
  })
})

test.describe('app 3.6.0', () => {
  test.use({ userAgent: appUserAgent('3.6.0') })

  test('below 3.6.1 the bridge is not used: web navigation and the web login', async ({ page }) => {
    await page.addInitScript(installAppBridge, appBridgeAnswers({ token: null }))
    await page.goto('/earn/home')
    await expect(page.getByTestId('product-card').first()).toBeVisible()
    await page.getByRole('link', { name: 'Log in' }).click()
    await expect(page).toHaveURL(/\/en\/login\?redirect_url=/)
    expect(await bridgeCalls(page)).toEqual([])
  })
})
