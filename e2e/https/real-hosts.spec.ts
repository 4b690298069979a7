import { APP_LIVE_EVENT } from '../../contract/first-view'
import { DECLARE_COUNTRY_CALL } from '../../contract/residence'
import { RetCode } from '../../contract/ret-codes'
import { TELEGRAM_LOGIN_PATH } from '../../contract/paths'
import { expect, test, type Frame, type Page, type WebSocket } from '@playwright/test'
import { WINDOW_NAME_STORE_PREFIX } from '../../contract/telegram-launch'
import { E2E_BASE_URL, E2E_PORT } from '../support/constants'
import { LIGHT_THEME, launchHash, signInitData, type TelegramUser } from '../support/telegram'
import {
  emitToFrame,
  openInTelegramWeb,
  telegramWebEvents,
  telegramWebPage,
} from '../support/telegram-web'
import { startTlsProxy, TELEGRAM_WEB, WS2, WWW, type TlsProxy } from '../support/tls-proxy'

// Earn where users meet it outside localhost (issue 23): Telegram Web's cross-site frame, in
// Chromium's default settings (storage denied, third-party cookies refused), and the production
// host layout over https (the page on www., the earn socket on ws2.). One TLS proxy on
// 127.0.0.1:443 serves both, so the file runs serially. Plain Playwright pages: the fixtures'
// helpers assume the app is the top-level page.

test.describe.configure({ mode: 'serial' })

let proxy: TlsProxy
test.beforeAll(async () => {
  proxy = await startTlsProxy(E2E_PORT, (req) =>
    req.headers.host === TELEGRAM_WEB && /^\/[ak]\//.test(req.url ?? '')
      ? { type: 'text/html; charset=utf-8', body: telegramWebPage() }
      : null,
  )
})
test.afterAll(() => proxy?.close())

/** A Telegram user never seen before: their first launch creates (and in the demo funds) them. */
const newTelegramUser = (name: string): TelegramUser => ({
  id: 7_000_000_000 + Math.floor(Math.random() * 1e9),
  first_name: name,
  language_code: 'en',
})

/** initData signed now by the server's clock (tests may have moved it). */
async function initDataFor(user: TelegramUser): Promise<string> {
  const health = (await (await fetch(`${E2E_BASE_URL}/x-api/health`)).json()) as {
    time_now: string
  }
  return signInitData({ user, auth_date: Math.floor(Number(health.time_now)) })
}

/** "Another device" of the same user: a session of its own, straight to the app's port. */
async function otherDevicePays(initData: string, productId: string, amount: string) {
  const post = async (path: string, body: object, token?: string) =>
    (await (
      await fetch(`${E2E_BASE_URL}/x-api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { usertoken: token } : {}) },
        body: JSON.stringify(body),
      })
    ).json()) as { ret_code: number; ret_msg: string; result: { token?: string } }
  const login = await post(TELEGRAM_LOGIN_PATH, { init_data: initData })
  expect(login.ret_code, login.ret_msg).toBe(0)
  // A new Telegram account names its country once before its first money move (10009 after).
  const declared = await post(
    `/s1/byfi/${DECLARE_COUNTRY_CALL}`,
    { country_code: 'DE' },
    login.result.token,
  )
  expect([0, RetCode.NoPermission], declared.ret_msg).toContain(declared.ret_code)
  const order = `e2e-other-device-${Date.now().toString(36)}`
  const paid = await post(
    '/s1/byfi/pay-order',
    { order_id: order, product_id: productId, amount },
    login.result.token,
  )
  expect(paid.ret_code, paid.ret_msg).toBe(0)
}

const amountIn = (text: string) => Number(text.replace(/[^\d.]/g, ''))

/**
 * Resolves once a realtime_w socket opened from now on (in any frame) has its private topics
 * subscribed: pushes sent after that reach the page.
 */
function nextPrivateSubscription(page: Page): Promise<WebSocket> {
  return new Promise((resolve) => {
    const onSocket = (ws: WebSocket) => {
      if (!ws.url().includes('/realtime_w')) return
      ws.on('framereceived', ({ payload }) => {
        if (/"op":"subscribe","success":true/.test(String(payload))) {
          page.off('websocket', onSocket)
          resolve(ws)
        }
      })
    }
    page.on('websocket', onSocket)
  })
}

/** When the app in a frame came live, in ms since the frame's navigation (its own mark). */
const liveAt = (frame: Frame) =>
  frame.evaluate(
    (liveMark) => performance.getEntriesByName(liveMark)[0]?.startTime ?? Infinity,
    APP_LIVE_EVENT,
  )

/** The app's frame inside the Telegram Web stand-in. */
const appFrame = (page: Page): Frame =>
  page.frames().find((f) => f.url().startsWith(`https://${WWW}/`))!

for (const client of ['weba', 'web'] as const) {
  test(`Telegram Web (${client}): live in its cross-site frame, logged in, subscribes, gets pushes; again after a reload`, async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const user = newTelegramUser(client === 'weba' ? 'Ada' : 'Kim')
    const initData = await initDataFor(user)
    const logins: string[] = []
    page.on('request', (r) => {
      if (r.url().endsWith('/x-api/v1/auth/telegram')) logins.push(r.url())
    })
    const frame = await openInTelegramWeb(
      page,
      client,
      `https://${WWW}/earn/home${launchHash(client, initData, LIGHT_THEME, '8.0')}`,
      LIGHT_THEME,
    )
    // Live with products within 6 s of the frame's navigation, as a user would wait (the app's
    // own mark, so a loaded machine's test harness is not counted).
    await expect(frame.getByTestId('product-card').first()).toBeVisible({ timeout: 15_000 })
    await expect(frame.locator('html[data-live]')).toBeAttached()
    expect(await liveAt(appFrame(page))).toBeLessThan(6_000)
    // The browser denied this frame its storage: the tab store lives in window.name.
    expect(await appFrame(page).evaluate(() => window.name)).toMatch(
      new RegExp(`^${WINDOW_NAME_STORE_PREFIX}`),
    )
    // The SDK started and talks to Telegram Web by postMessage.
    await expect.poll(() => telegramWebEvents(page, 'web_app_request_theme')).not.toEqual([])
    // Logged in without a cookie: the header names the Telegram user.
    await expect(frame.getByTestId('account-name')).toContainText(user.first_name)

    // Subscribe on a product page: Telegram's MainButton, pressed in the client.
    await appFrame(page).evaluate(() => history.pushState(null, '', '/earn/product/flex-usdt'))
    await appFrame(page).evaluate(() => dispatchEvent(new PopStateEvent('popstate')))
    await frame.getByRole('button', { name: 'Subscribe' }).click()
    const sheet = frame.getByTestId('subscribe-sheet')
    await expect(sheet.getByTestId('available-balance')).toContainText('USDT')
    await sheet.getByLabel('Amount').fill('100')
    const mainButton = async () =>
      ((await telegramWebEvents(page, 'web_app_setup_main_button')) as object[]).at(-1)
    await expect.poll(mainButton).toMatchObject({ text: 'Preview', is_active: true })
    await emitToFrame(page, 'main_button_pressed')
    // A new Telegram account names its country of residence once, before its first money move.
    const picker = frame.getByTestId('country-sheet')
    await picker.getByRole('searchbox').fill('germ')
    await picker.getByRole('button', { name: 'Germany' }).click()
    await expect(picker).toBeHidden()
    await expect.poll(mainButton).toMatchObject({ text: 'Confirm', is_active: true })
    await emitToFrame(page, 'main_button_pressed')
    await expect(sheet.getByTestId('order-success')).toBeVisible()

    // My earn shows the position; a subscription from another device reaches the open page.
    let subscribed = nextPrivateSubscription(page)
    await appFrame(page).evaluate(() => history.pushState(null, '', '/earn/my-earn'))
    await appFrame(page).evaluate(() => dispatchEvent(new PopStateEvent('popstate')))
    const position = frame.locator('[data-testid="position"][data-product-id="flex-usdt"]')
    const principal = () => position.getByTestId('position-principal').innerText().then(amountIn)
    await expect.poll(principal).toBeGreaterThanOrEqual(100)
    await expect(frame.getByTestId('assets-total')).not.toHaveText(/^\D*0(\.0+)?\D*$/)
    const socket = await subscribed
    // On the production layout: the page on www., the earn socket on ws2.
    expect(new URL(socket.url()).host).toBe(WS2)
    const before = await principal()
    await otherDevicePays(initData, 'flex-usdt', '50')
    await expect.poll(principal, { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 50)
    expect(logins).toHaveLength(1)

    // Telegram Web reloads a mini-app with location.reload(): still live, still the same user,
    // on the kept session (no second login), with the position.
    subscribed = nextPrivateSubscription(page)
    await appFrame(page).evaluate(() => location.reload())
    await expect(frame.locator('html[data-live]')).toBeAttached({ timeout: 15_000 })
    expect(await liveAt(appFrame(page))).toBeLessThan(6_000)
    await expect(frame.getByTestId('account-name')).toContainText(user.first_name)
    await expect.poll(principal).toBeGreaterThanOrEqual(before + 50)
    await subscribed
    const afterReload = await principal()
    await otherDevicePays(initData, 'flex-usdt', '25')
    await expect.poll(principal, { timeout: 15_000 }).toBeGreaterThanOrEqual(afterReload + 25)
    expect(logins).toHaveLength(1)
  })
}

test('production host layout over https: pushes reach my earn through realtime_w on ws2., logout closes it', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const user = newTelegramUser('Web')
  const initData = await initDataFor(user)
  await page.goto(`https://${WWW}/earn/home`)
  await expect(page.locator('html[data-live]')).toBeAttached()
  // A web visitor's session on www. (a cookie), from the page itself: the test runner cannot
  // resolve these names.
  const inPage = (path: string, body: object) =>
    page.evaluate(
      async ([p, b]) =>
        (
          await fetch(`/x-api${p}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(b),
          })
        ).json() as Promise<{ ret_code: number }>,
      [path, body] as const,
    )
  expect((await inPage(TELEGRAM_LOGIN_PATH, { init_data: initData })).ret_code).toBe(0)
  const subscribed = nextPrivateSubscription(page)
  // Every realtime_w the page opens: under load the first one may be replaced (a drop, and the
  // page's reconnect) before the logout below, and a close event it already had never comes.
  const privateSockets: WebSocket[] = []
  page.on('websocket', (ws) => {
    if (ws.url().includes('/realtime_w')) privateSockets.push(ws)
  })
  await page.goto(`https://${WWW}/earn/my-earn`)
  await expect(page.locator('html[data-live]')).toBeAttached()
  await expect(page.getByTestId('account-name')).toContainText(user.first_name)

  // The private socket lives on ws2. and is open (subscribed) with a ticket, not a cookie.
  const socket = await subscribed
  expect(new URL(socket.url()).host).toBe(WS2)
  expect(socket.url()).not.toMatch(/ticket|token/)

  await otherDevicePays(initData, 'flex-usdt', '40')
  const position = page.locator('[data-testid="position"][data-product-id="flex-usdt"]')
  await expect
    .poll(() => position.getByTestId('position-principal').innerText().then(amountIn), {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(40)

  // Logout ends the session: the server closes the realtime_w open at that moment.
  const open = privateSockets.filter((ws) => !ws.isClosed())
  expect(open.length).toBeGreaterThan(0)
  expect((await inPage('/v1/auth/logout', {})).ret_code).toBe(0)
  await expect.poll(() => open.every((ws) => ws.isClosed()), { timeout: 20_000 }).toBe(true)
})
