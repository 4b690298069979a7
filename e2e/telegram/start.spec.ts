import { APP_LIVE_EVENT } from '../../contract/first-view'
import { expect, test, type Page } from '../support/fixtures'
import { LIGHT_THEME } from '../support/telegram'
import type { TelegramAnswers } from '../support/telegram-bridge'
import { DARK_THEME } from '../support/telegram-events'

// Runs in the Telegram projects (pc_tg, ios_tg, android_tg): the start never waits on the
// client (issue 15). The stand-in of e2e/support/telegram-bridge.ts answers late, partly or
// not at all, as real clients do.

/** The device's bottom inset the stand-in reports (a phone's home indicator). */
const SAFE_AREA = { top: 0, bottom: 34, left: 0, right: 0 }
const LIVE_WITHIN_MS = 6000

const cssVar = (page: Page, name: string) =>
  page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name)

/** When the app came live, in ms since navigation (the app's own performance mark). */
const liveAt = (page: Page) =>
  page.evaluate(
    (liveMark) => performance.getEntriesByName(liveMark)[0]?.startTime ?? Infinity,
    APP_LIVE_EVENT,
  )

const CLIENTS: { answers: TelegramAnswers; title: string }[] = [
  { answers: 'late', title: 'answers everything 4 s late' },
  { answers: 'no-viewport', title: 'never answers the viewport request' },
  { answers: 'none', title: 'answers nothing' },
]

for (const { answers, title } of CLIENTS) {
  test(`a client that ${title}: live with products within 6 s`, async ({ page, openEarn }) => {
    // Launched light; the client's own theme (when it answers) is dark.
    await openEarn('/earn/home', {
      launchTheme: LIGHT_THEME,
      client: { theme: DARK_THEME, answers, delayMs: 4000, safeArea: SAFE_AREA },
    })
    await expect(page.getByTestId('product-card').first()).toBeVisible()
    expect(await liveAt(page)).toBeLessThan(LIVE_WITHIN_MS)
    // Never the unsupported-environment screen: a silent client is not a failed init().
    await expect(page.getByRole('alert')).toHaveCount(0)
    // The launch theme from the URL, until (and unless) the client says otherwise.
    if (answers === 'none') {
      expect(await cssVar(page, '--tg-theme-bg-color')).toBe(LIGHT_THEME.bg_color)
      expect(await cssVar(page, '--tg-viewport-safe-area-inset-bottom')).toBe('')
      return
    }
    // An answer, late or not, still sets the insets and the theme when it comes.
    await expect.poll(() => cssVar(page, '--tg-viewport-safe-area-inset-bottom')).toBe('34px')
    await expect
      .poll(() => page.locator('main').evaluate((m) => getComputedStyle(m).paddingBottom))
      .toBe(`${72 + SAFE_AREA.bottom}px`)
    await expect.poll(() => cssVar(page, '--tg-theme-bg-color')).toBe(DARK_THEME.bg_color)
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    if (answers === 'no-viewport')
      // The window's height stands in for the viewport it never reported.
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(0)
  })
}

test('no blank frame from the first paint to live, painted in the dark launch theme', async ({
  page,
  openEarn,
}) => {
  // Every animation frame until live (and 10 after): is a product card's text on screen, and
  // the first frame's background. A frame counts once the served view has been parsed (the
  // element after #root exists): before that the document is still arriving, and a frame
  // then is the browser painting a partial page, not the first view taken away.
  await page.addInitScript(() => {
    const probe = { frames: 0, blank: 0, firstBackground: '', after: -1, done: false }
    ;(window as unknown as { __probe: typeof probe }).__probe = probe
    const parsed = () =>
      document.readyState !== 'loading' || !!document.getElementById('root')?.nextElementSibling
    const tick = () => {
      if (probe.done) return
      if (document.body) {
        probe.frames++
        probe.firstBackground ||= getComputedStyle(document.body).backgroundColor
        const card = document.querySelector('[data-testid="product-card"]')
        if (parsed() && !card?.textContent?.trim()) probe.blank++
        const live = document.documentElement.hasAttribute('data-live')
        if (probe.after < 0 && live) probe.after = 10
        if (probe.after >= 0 && probe.after-- === 0) probe.done = true
      }
      requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })
  await openEarn('/earn/home', { launchTheme: DARK_THEME, client: { theme: DARK_THEME } })
  await page.waitForFunction(
    () => (window as unknown as { __probe: { done: boolean } }).__probe.done,
  )
  const probe = await page.evaluate(
    () =>
      (window as unknown as { __probe: { frames: number; blank: number; firstBackground: string } })
        .__probe,
  )
  expect(probe.frames).toBeGreaterThan(10)
  expect(probe.blank).toBe(0)
  // #17212b: Telegram's night background, from the very first frame (no white flash).
  expect(probe.firstBackground).toBe('rgb(23, 33, 43)')
  // The server's view was hydrated, not redrawn: React adopted the served nodes.
  expect(
    await page
      .getByTestId('product-card')
      .first()
      .evaluate((card) => Object.keys(card).some((k) => k.startsWith('__reactFiber$'))),
  ).toBe(true)
})

test('the header shows the Telegram first name and photo, not tg_<id>', async ({
  page,
  openEarn,
}) => {
  const photo = 'https://t.me/i/userpic/320/marta.png'
  // The photo is served here: tests never reach outside 127.0.0.1.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  )
  await page.route('https://t.me/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: png }),
  )
  await openEarn('/earn/home', {
    tgUser: { id: 5550042, first_name: 'Marta', username: 'marta_tg', photo_url: photo },
  })
  await expect(page.getByTestId('account-name')).toHaveText('Marta')
  await expect(page.getByTestId('account-photo')).toHaveAttribute('src', photo)
  await expect(page.getByTestId('account-photo')).toBeVisible()
})

test("language_code 'ru' with no locale in the URL renders Russian, 'ar' Arabic right to left; /en/ stays English", async ({
  page,
  openEarn,
}) => {
  const russian = { id: 5550043, first_name: 'Ivan', language_code: 'ru' }
  await openEarn('/earn/home', { tgUser: russian })
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru-RU')
  await expect(page.getByTestId('home-banner')).toContainText('Пусть криптовалюта работает на вас')
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  // Following a link keeps the language (no prefix, the user's language).
  await page.getByRole('link', { name: 'Сбережения', exact: true }).click()
  await expect(page).toHaveURL(/\/earn\/savings$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru-RU')
  // The page's intro, loaded by its route on the way (locales/ru-RU/pages.json).
  await expect(page.getByTestId('page-intro')).toHaveText(/^Пусть свободные монеты работают/)

  // ar → ar-SA, right to left.
  await openEarn('/earn/home', { tgUser: { id: 5550044, first_name: 'Omar', language_code: 'ar' } })
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-SA')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')

  // An explicit URL locale always wins.
  await openEarn('/en/earn/home', { tgUser: russian })
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByTestId('home-banner')).toContainText('Put your crypto to work')
})
