import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './support/fixtures'
import { expectNoHorizontalScroll, openAs } from './earn-journey-helpers'
import { earnApi } from './my-earn-helpers'
import { holdingServerClock } from './support/server-clock-lock'

const USD = /^\$\d{1,3}(,\d{3})*\.\d{2}$/

test('a signed-in user sees the my earn summary on home, linking to my earn', async ({
  page,
  openEarn,
}) => {
  const summary = page.getByTestId('my-earn-summary')
  // The page's total and the server's are read with no clock move in between: another spec
  // moving the TEST_MODE clock by days accrues yield on this user's positions meanwhile.
  await holdingServerClock(async () => {
    await openAs(page, openEarn, 'kyc2@earn.test', '/earn/home')
    await expect(summary).toBeVisible()
    const total = summary.getByTestId('my-earn-summary-total')
    await expect(total).toHaveText(USD)
    await expect(summary.getByTestId('my-earn-summary-yesterday')).toHaveText(USD)
    // The total is the earn holdings at ticker prices: the server's own valuation moves with
    // the same market, so the two agree within a price tick.
    const { total_usd } = await earnApi<{ total_usd: string }>(page, 'get-assets-summary-v2')
    const shown = Number((await total.innerText()).replace(/[$,]/g, ''))
    expect(Math.abs(shown - Number(total_usd))).toBeLessThanOrEqual(Number(total_usd) * 0.05 + 0.01)
  })
  await expectNoHorizontalScroll(page)
  // The card passes axe (no serious or critical violation).
  const { violations } = await new AxeBuilder({ page })
    .include('[data-testid="my-earn-summary"]')
    .analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
  await summary.getByRole('link', { name: 'Open my earn' }).click()
  await expect(page).toHaveURL(/\/earn\/my-earn$/)
  await expect(page.getByRole('heading', { level: 1, name: 'My earn' })).toBeVisible()
})

test('a visitor sees no summary and never downloads its code', async ({ page }) => {
  const requested: string[] = []
  page.on('request', (r) => requested.push(r.url()))
  // A plain browser visit (no Telegram launch, no session) on every project.
  await page.goto('/earn/home')
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await expect(page.getByTestId('my-earn-summary')).toHaveCount(0)
  expect(
    requested.filter((u) => /my-earn-summary|get-assets-summary|get-user-pnl/.test(u)),
  ).toEqual([])
})

test('a picked display currency converts the summary through exchange-rate and is kept', async ({
  page,
  openEarn,
}) => {
  await openAs(page, openEarn, 'kyc0@earn.test', '/earn/home')
  await earnApi(page, 'pay-order', {
    order_id: `e2e-fx-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
    product_id: 'pos-sol',
    amount: '0.1',
  })
  await page.reload()
  const summary = page.getByTestId('my-earn-summary')
  const total = summary.getByTestId('my-earn-summary-total')
  await expect(total).toHaveText(USD)
  const usd = Number((await total.innerText()).replace(/[$,]/g, ''))
  expect(usd).toBeGreaterThan(0)

  const rateAsked = page.waitForRequest(
    (r) => new URL(r.url()).pathname === '/x-api/v3/private/cht/asset-common/exchange-rate',
  )
  await summary.getByLabel('Display currency').selectOption('EUR')
  expect(new URL((await rateAsked).url()).searchParams.get('name')).toBe('EUR')
  await expect(summary.getByRole('heading', { name: 'Total value (EUR)' })).toBeVisible()
  await expect(total).toHaveText(/^€\d{1,3}(,\d{3})*\.\d{2}$/)
  const rate = Number(
    (
      await (
        await page.request.get('/x-api/v3/private/cht/asset-common/exchange-rate?name=EUR')
      ).json()
    ).result.rate,
  )
  const eur = Number((await total.innerText()).replace(/[€,]/g, ''))
  // The same holdings at a ticker a moment later: within 5 %.
  expect(Math.abs(eur - usd * rate)).toBeLessThanOrEqual(usd * rate * 0.05 + 0.01)

  // Kept for the next visit.
  await page.reload()
  await expect(page.getByTestId('my-earn-summary-total')).toHaveText(/^€/)
  await expect(page.getByLabel('Display currency')).toHaveValue('EUR')
})
