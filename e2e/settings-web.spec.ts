import { loginAs } from './earn-journey-helpers'
import { expect, test } from './support/fixtures'

// Settings on the web (pc, h5): opened from the header's account link, kept in this browser;
// no biometric confirmation (no biometrics to confirm with outside Telegram's mobile clients).

test('the header opens settings; hide balances is kept in this browser and blurs the totals; no biometry on the web', async ({
  page,
}) => {
  await loginAs(page, 'kyc0@earn.test')
  await page.goto('/earn/home')
  await page.getByTestId('settings-link').click()
  await expect.poll(() => new URL(page.url()).pathname).toBe('/earn/settings')
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible()
  await expect(page.getByTestId('setting-notifications')).toContainText(
    'Open Earn in Telegram once',
  )
  await expect(page.getByTestId('setting-notifications').getByRole('switch')).toBeDisabled()
  await expect(page.getByTestId('setting-biometry')).toHaveCount(0)

  const hide = page.getByTestId('setting-hide-balances').getByRole('switch')
  await expect(hide).toHaveAttribute('aria-checked', 'false')
  await hide.click()
  await expect(hide).toHaveAttribute('aria-checked', 'true')
  expect(
    JSON.parse((await page.evaluate(() => localStorage.getItem('earn_preferences'))) ?? '{}'),
  ).toEqual({ hideBalances: true, currency: 'USD' })
  await page.goto('/earn/my-earn')
  await expect(page.locator('html')).toHaveAttribute('data-hide-balances', '')
  const total = page.getByTestId('assets-total')
  await expect(total).toBeVisible()
  expect(await total.evaluate((el) => getComputedStyle(el).filter)).toBe('blur(8px)')
})

test('choosing a language opens settings in it (Arabic: right to left)', async ({ page }) => {
  await page.goto('/earn/settings')
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ar-SA')
  await expect.poll(() => new URL(page.url()).pathname).toBe('/ar-SA/earn/settings')
  await expect(page.getByRole('heading', { name: 'الإعدادات' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByText('سجّل الدخول لتلقي الإشعارات')).toBeVisible()
})

test('the display currency chosen in settings is the one the my-earn summary shows, through exchange-rate', async ({
  page,
}) => {
  await loginAs(page, 'kyc2@earn.test')
  await page.goto('/earn/settings')
  const rateAsked = page.waitForRequest(
    (r) => new URL(r.url()).pathname === '/x-api/v3/private/cht/asset-common/exchange-rate',
  )
  await page.getByTestId('setting-display-currency').getByRole('combobox').selectOption('EUR')
  await page.goto('/earn/home')
  expect(new URL((await rateAsked).url()).searchParams.get('name')).toBe('EUR')
  await expect(page.getByRole('heading', { name: 'Total value (EUR)' })).toBeVisible()
  await expect(page.getByTestId('my-earn-summary-total')).toHaveText(/^€/)
  await expect(page.getByLabel('Display currency')).toHaveValue('EUR')
})
