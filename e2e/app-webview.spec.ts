import type { BrowserContext, Page } from '@playwright/test'
import { DEMO_PASSWORD } from './earn-journey-helpers'
import { installAppBridge } from './support/app-bridge-recorder'
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

  test('the bridge gives the user (sent as UserToken) and the config; other exchange screens go through router push, earn pages stay web', async ({
    page,
    context,
  }) => {
    const token = await appTokenOf(context, page, 'kyc0@earn.test')
    await page.addInitScript(installAppBridge, { token })
    const withToken = page.waitForRequest(
      (r) => r.url().includes('/x-api/v2/private/user/profile') && r.headers().usertoken === token,
    )
    await page.goto('/earn/product/wealth-usdt')
    await withToken
    // No cookie: the user is known through the UserToken header alone.
    const notice = page.getByTestId('access-notice')
    await expect(notice).toHaveAttribute('data-availability', '3')
    expect((await bridgeCalls(page)).map((c) => c.method).sort()).toEqual([
      'getAppConfig',
      'getUserProfile',
    ])
    // The KYC page is an app screen (deep-link table): router push, the page stays.
    await notice.getByRole('link', { name: 'Verify identity' }).click()
    await expect
      .poll(async () => (await bridgeCalls(page)).filter((c) => c.method === 'routerPush'))
      .toEqual([
        {
          id: expect.any(Number),
          method: 'routerPush',
          params: {
            screen: 'kyc',
            url: expect.stringMatching(/\/en\/user\/accounts\/auth\/personal$/),
          },
        },
      ])
    expect(new URL(page.url()).pathname).toBe('/earn/product/wealth-usdt')

    // Earn pages are this web app's own: plain navigation, no bridge call.
    await page.getByRole('link', { name: 'Savings', exact: true }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/earn/savings')
    expect((await bridgeCalls(page)).filter((c) => c.method === 'routerPush')).toHaveLength(1)
    // Inside the app there is no download prompt (it would show after 400 ms on mobile web).
    await expect(page.getByTestId('download-prompt')).toHaveCount(0)
  })

  test('logged out in the app: Log in opens the app login screen', async ({ page }) => {
    await page.addInitScript(installAppBridge, { token: null })
    await page.goto('/earn/home')
    await page.getByRole('link', { name: 'Log in' }).click()
    await expect
      .poll(async () => (await bridgeCalls(page)).find((c) => c.method === 'routerPush')?.params)
      .toMatchObject({ screen: 'login' })
    expect(new URL(page.url()).pathname).toBe('/earn/home')
  })
})

test.describe('app 3.6.1: easy-earn', () => {
  test.use({ userAgent: appUserAgent('3.6.1') })

  test("easy-earn opens the app's mini-program: the stake page for an id, else the savings home", async ({
    page,
    context,
  }) => {
    await page.addInitScript(installAppBridge, { token: null })
    // The app link is a scheme only the app knows: the navigation the page asks for is the
    // observable (Chromium then has nothing to open).
    const cdp = await context.newCDPSession(page)
    await cdp.send('Page.enable')
    const asked: string[] = []
    cdp.on('Page.frameRequestedNavigation', (e: { url: string }) => asked.push(e.url))
    await page.goto('/earn/easy-earn?id=flex-usdt&productType=4', { waitUntil: 'commit' })
    await expect
      .poll(() => asked)
      .toContain('earnapp://mini-program/easy-earn/stake?productId=flex-usdt&productType=4')
    await page.goto('/earn/easy-earn?token=USDT&type=6', { waitUntil: 'commit' })
    await expect
      .poll(() => asked)
      .toContain('earnapp://mini-program/easy-earn/savings-home?token=USDT&productType=6')
  })
})

test.describe('app 3.6.0', () => {
  test.use({ userAgent: appUserAgent('3.6.0') })

  test('below 3.6.1 the bridge is not used: web navigation and the web login', async ({ page }) => {
    await page.addInitScript(installAppBridge, { token: null })
    await page.goto('/earn/home')
    await expect(page.getByTestId('product-card').first()).toBeVisible()
    await page.getByRole('link', { name: 'Log in' }).click()
    await expect(page).toHaveURL(/\/en\/login\?redirect_url=/)
    expect(await bridgeCalls(page)).toEqual([])
  })
})
