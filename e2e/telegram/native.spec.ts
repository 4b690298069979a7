import AxeBuilder from '@axe-core/playwright'
import { openAs } from '../earn-journey-helpers'
import { ONE_TELEGRAM_CLIENT_TAG } from '../support/constants'
import { expect, test, type Page } from '../support/fixtures'
import {
  DARK_THEME,
  emitTelegramEvent,
  eventsOfType,
  mainButtonState,
} from '../support/telegram-events'

// Runs in the Telegram projects (pc_tg, ios_tg): the recorder of e2e/support/telegram-bridge.ts
// stands in for the client and keeps every event the app posts. Android's stand-in is iOS's
// bridge, so ios_tg judges the phones; Telegram Desktop runs what its desktop layout can change
// (the BackButton's link, the sheet, the viewport), and the rest is tagged for one client.
const ONE_CLIENT = { tag: ONE_TELEGRAM_CLIENT_TAG }

/** The export tests' own demo account (it holds wallet records; export.spec.ts uses others). */
const EXPORT_USER = 'kyc2@earn.test'

async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(serious).toEqual([])
}

const pathOf = (page: Page) => new URL(page.url()).pathname

const backButtonVisible = async (page: Page) =>
  (await eventsOfType<{ is_visible: boolean }>(page, 'web_app_setup_back_button')).at(-1)
    ?.is_visible ?? false

async function openReady(page: Page, open: () => Promise<void>) {
  await open()
  await expect
    .poll(async () => (await eventsOfType(page, 'web_app_ready')).length)
    .toBeGreaterThan(0)
}

test('BackButton: hidden at the start page, shown on a sub-page, pressing it goes back', async ({
  page,
  openEarn,
}) => {
  await openReady(page, () => openEarn('/earn/home'))
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  expect(await backButtonVisible(page)).toBe(false)

  await page.getByRole('link', { name: 'Savings', exact: true }).click()
  await expect.poll(() => pathOf(page)).toBe('/earn/savings')
  await expect.poll(() => backButtonVisible(page)).toBe(true)

  await emitTelegramEvent(page, 'back_button_pressed')
  await expect.poll(() => pathOf(page)).toBe('/earn/home')
  await expect.poll(() => backButtonVisible(page)).toBe(false)
})

test('subscribe sheet: MainButton with its loader, closing confirmation while paying, haptics on success, no swipe-to-close while open', async ({
  page,
  openEarn,
}) => {
  await openAs(page, openEarn, 'kyc2@earn.test', '/earn/product/flex-usdt')
  const lastSwipe = async () => (await eventsOfType(page, 'web_app_setup_swipe_behavior')).at(-1)
  // Swipe-to-close works on pages, as Telegram's default.
  await expect.poll(lastSwipe).toEqual({ allow_vertical_swipe: true })
  await page.getByRole('button', { name: 'Subscribe' }).click()
  const sheet = page.getByTestId('subscribe-sheet')
  await expect(sheet.getByTestId('available-balance')).toContainText('USDT')

  // Swipe-to-close is off while the sheet is open.
  await expect.poll(lastSwipe).toEqual({ allow_vertical_swipe: false })
  // One primary action: Telegram's MainButton, no in-page twin; disabled until an amount fits.
  await expect(sheet.getByRole('button', { name: 'Preview' })).toHaveCount(0)
  await expect
    .poll(() => mainButtonState(page))
    .toMatchObject({ text: 'Preview', is_visible: true, is_active: false })
  await sheet.getByLabel('Amount').fill('10')
  await expect.poll(() => mainButtonState(page)).toMatchObject({ text: 'Preview', is_active: true })

  await emitTelegramEvent(page, 'main_button_pressed')
  await expect(sheet.getByTestId('order-review')).toContainText('10')
  await expect(sheet.getByRole('button', { name: 'Confirm' })).toHaveCount(0)
  await expect.poll(() => mainButtonState(page)).toMatchObject({ text: 'Confirm', is_active: true })

  await emitTelegramEvent(page, 'main_button_pressed')
  await expect(sheet.getByTestId('order-success')).toContainText('Subscribed')
  const buttons = await eventsOfType<{ text: string; is_progress_visible: boolean }>(
    page,
    'web_app_setup_main_button',
  )
  // The loader showed while the order was in flight.
  expect(buttons.some((b) => b.text === 'Confirm' && b.is_progress_visible)).toBe(true)
  const closing = await eventsOfType<{ need_confirmation: boolean }>(
    page,
    'web_app_setup_closing_behavior',
  )
  expect(closing.map((c) => c.need_confirmation)).toEqual([true, false])
  expect(await eventsOfType(page, 'web_app_trigger_haptic_feedback')).toContainEqual({
    type: 'notification',
    notification_type: 'success',
  })

  await expect.poll(() => mainButtonState(page)).toMatchObject({ text: 'Done', is_visible: true })
  await emitTelegramEvent(page, 'main_button_pressed')
  await expect(sheet).toBeHidden()
  await expect.poll(() => mainButtonState(page)).toMatchObject({ is_visible: false })
  await expect.poll(lastSwipe).toEqual({ allow_vertical_swipe: true })
})

test(
  'theme: background colour from tma.config.json, and a switch to dark repaints the page',
  ONE_CLIENT,
  async ({ page, openEarn }) => {
    await openReady(page, () => openEarn('/earn/home'))
    await expect(page.getByTestId('product-card').first()).toBeVisible()
    // tma.config.json: the background behind the page is the theme's secondary colour.
    const background = async () =>
      (await eventsOfType<{ color: string }>(page, 'web_app_set_background_color')).at(-1)?.color
    expect(await background()).toBe('#f4f4f5')
    const bodyBg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    expect(await bodyBg()).toBe('rgb(255, 255, 255)')
    const light = await page.screenshot({ clip: { x: 0, y: 0, width: 200, height: 40 } })

    await emitTelegramEvent(page, 'theme_changed', { theme_params: DARK_THEME })
    await expect.poll(bodyBg).toBe('rgb(23, 33, 43)')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    expect(await background()).toBe('#232e3c')
    const textColor = await page.evaluate(() => getComputedStyle(document.body).color)
    expect(textColor).toBe('rgb(245, 245, 245)')
    const dark = await page.screenshot({ clip: { x: 0, y: 0, width: 200, height: 40 } })
    expect(dark.equals(light)).toBe(false)
    // Still readable in the dark palette.
    await expectNoSeriousViolations(page)
  },
)

test('viewport: expanded at start; safe-area and content-safe-area insets pad the layout', async ({
  page,
  openEarn,
}) => {
  await openReady(page, () => openEarn('/earn/home'))
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  expect((await eventsOfType(page, 'web_app_expand')).length).toBeGreaterThan(0)
  const padding = () =>
    page.evaluate(() => ({
      top: getComputedStyle(document.querySelector('#root > div')!).paddingTop,
      // The page ends above the bottom tab bar (3 rem + its 1.5 rem gap), which stands on the
      // safe area.
      bottom: getComputedStyle(document.querySelector('main')!).paddingBottom,
      tabBar: getComputedStyle(document.querySelector('[data-testid="tab-bar"]')!).paddingBottom,
    }))
  expect(await padding()).toEqual({ top: '0px', bottom: '72px', tabBar: '0px' })
  // A phone with a notch and home indicator, Telegram's controls over the top in fullscreen.
  await emitTelegramEvent(page, 'safe_area_changed', { top: 47, bottom: 34, left: 0, right: 0 })
  await emitTelegramEvent(page, 'content_safe_area_changed', {
    top: 46,
    bottom: 0,
    left: 0,
    right: 0,
  })
  await expect.poll(padding).toEqual({ top: '93px', bottom: '106px', tabBar: '34px' })
})

test(
  'startapp payload: a product payload opens its page; an unknown one opens home',
  ONE_CLIENT,
  async ({ page, openEarn }) => {
    await openReady(page, () => openEarn('/earn/home', { startParam: 'product_flex-usdt' }))
    await expect.poll(() => pathOf(page)).toBe('/earn/product/flex-usdt')
    await expect(page.getByRole('heading', { level: 1, name: 'USDT' })).toBeVisible()
    // The page the mini-app opened on is the first page: no BackButton there.
    expect(await backButtonVisible(page)).toBe(false)

    await openReady(page, () => openEarn('/earn/home', { startParam: 'no-such-route_x' }))
    await expect.poll(() => pathOf(page)).toBe('/earn/home')
    await expect(page.getByTestId('product-card').first()).toBeVisible()
  },
)

/** Presses the MainButton (Request export), waits for the file, presses Download: its id. */
async function exportAndDownload(page: Page): Promise<string> {
  await emitTelegramEvent(page, 'main_button_pressed')
  const submitted = page.getByRole('status').filter({ hasText: /Export \d+ requested/ })
  await expect(submitted).toBeVisible()
  const recordId = /Export (\d+) requested/.exec((await submitted.textContent()) ?? '')![1]!
  const row = page.locator(`[data-testid="export-record"][data-record-id="${recordId}"]`)
  await expect(row.getByTestId('export-status')).toHaveAttribute('data-status', '2', {
    timeout: 30_000,
  })
  await row.getByRole('button', { name: 'Download' }).click()
  return recordId
}

test(
  'export: MainButton requests it, a preset chip ticks the haptics, the file is saved with downloadFile (Bot API 8.0)',
  ONE_CLIENT,
  async ({ page, openEarn, request }) => {
    test.setTimeout(60_000)
    await openAs(page, openEarn, EXPORT_USER, '/earn/export?preset=30')
    await expect(page.getByRole('heading', { name: 'Export wallet records' })).toBeVisible()
    await page.getByRole('button', { name: 'Last 90 days' }).click()
    await expect
      .poll(() => eventsOfType(page, 'web_app_trigger_haptic_feedback'))
      .toContainEqual({ type: 'selection_change' })
    await expect(page.getByRole('button', { name: 'Request export' })).toHaveCount(0)
    await expect
      .poll(() => mainButtonState(page))
      .toMatchObject({ text: 'Request export', is_visible: true })

    const recordId = await exportAndDownload(page)
    const saved = async () =>
      (
        await eventsOfType<{ url: string; file_name: string }>(
          page,
          'web_app_request_file_download',
        )
      ).at(-1)
    await expect.poll(saved).toMatchObject({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/.+/),
      file_name: `earn-wallet-records_${recordId}.csv`,
    })
    // The stand-in said "downloading": no second way opened.
    expect(await eventsOfType(page, 'web_app_open_link')).toEqual([])
    // What Telegram needs from the server: an attachment Telegram Web may read.
    const file = await request.get((await saved())!.url)
    expect(file.status()).toBe(200)
    expect(file.headers()['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/)
    expect(file.headers()['access-control-allow-origin']).toBe('https://web.telegram.org')
  },
)

test(
  'export on a client before Bot API 8.0: the download opens through openLink',
  ONE_CLIENT,
  async ({ page, openEarn }) => {
    test.setTimeout(60_000)
    await openAs(
      page,
      (path) => openEarn(path, { version: '7.10' }),
      EXPORT_USER,
      '/earn/export?preset=7',
    )
    await expect
      .poll(() => mainButtonState(page))
      .toMatchObject({ text: 'Request export', is_visible: true })
    await exportAndDownload(page)
    await expect
      .poll(
        async () => (await eventsOfType<{ url: string }>(page, 'web_app_open_link')).at(-1)?.url,
      )
      .toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+/)
    expect(await eventsOfType(page, 'web_app_request_file_download')).toEqual([])
  },
)

test(
  'an expired initData: a readable message, and a retry that asks the server again',
  ONE_CLIENT,
  async ({ page, openEarn }) => {
    const twoDaysAgo = Math.floor(Date.now() / 1000) - 2 * 86_400
    await openEarn('/earn/home', { authDate: twoDaysAgo })
    const alert = page.getByTestId('telegram-login-refused')
    await expect(alert).toContainText('Your Telegram sign-in has expired')
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible()
    // initData is a credential: once the SDK has it, it leaves the URL and never rides in links.
    expect(page.url()).not.toContain('tgWebApp')
    expect(await page.getByRole('link', { name: 'Log in' }).getAttribute('href')).not.toContain(
      'tgWebApp',
    )
    const again = page.waitForRequest(
      (r) => r.url().endsWith('/x-api/v1/auth/telegram') && r.method() === 'POST',
    )
    await alert.getByRole('button', { name: 'Try again' }).click()
    await again
    await expect(alert).toContainText('Your Telegram sign-in has expired')
    await expectNoSeriousViolations(page)
  },
)
