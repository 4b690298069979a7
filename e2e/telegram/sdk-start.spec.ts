import { expect, test } from '../support/fixtures'

// Runs only in the Telegram projects (see playwright.config.ts).
test('inside Telegram the SDK starts and tells the client it is ready', async ({
  page,
  openEarn,
  telegramEvents,
}) => {
  await openEarn('/earn/home')
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  await expect
    .poll(async () => (await telegramEvents()).map((e) => e.type))
    .toContain('web_app_ready')
  // Theme parameters are bound to CSS variables.
  const bg = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--tg-theme-bg-color'),
  )
  expect(bg.trim()).toBe('#ffffff')
})
