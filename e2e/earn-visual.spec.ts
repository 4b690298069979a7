import AxeBuilder from '@axe-core/playwright'
import type { Page, TestInfo } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { expectNoHorizontalScroll, openAs, openSubscribe } from './earn-journey-helpers'

const WIDTHS = [390, 768, 1280] as const

// Many pages, axe runs and full-page screenshots: more than the default 30 s on slow machines.
test.describe.configure({ timeout: 90_000 })

async function expectNoSeriousViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    )
  expect(serious).toEqual([])
}

async function shootAtWidths(page: Page, testInfo: TestInfo, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    await expectNoHorizontalScroll(page)
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true })
  }
}

test('home, section pages, login and product detail pass axe with no horizontal scroll', async ({
  page,
  openEarn,
}, testInfo) => {
  await openEarn('/earn/home')
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  await expectNoSeriousViolations(page, 'home')
  await shootAtWidths(page, testInfo, 'home')

  for (const path of [
    '/ar-SA/earn/home',
    '/earn/savings',
    '/earn/dual-asset-mining',
    '/earn/liquidity-mining',
    '/earn/product/flex-usdt',
    '/en/login',
  ]) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectNoSeriousViolations(page, path)
    await expectNoHorizontalScroll(page)
  }
})

test('the subscribe sheet passes axe and fits 390, 768 and 1280 px, in en and ar-SA', async ({
  page,
  openEarn,
}, testInfo) => {
  for (const locale of ['', '/ar-SA']) {
    await openAs(page, openEarn, 'kyc1@earn.test', `${locale}/earn/product/flex-usdt`)
    await openSubscribe(page, locale ? 'اشترك' : 'Subscribe')
    const sheet = page.getByTestId('subscribe-sheet')
    await expect(sheet.getByTestId('available-balance')).toContainText('USDT')
    await sheet.getByRole('textbox').first().fill('100')
    await expectNoSeriousViolations(page, `${locale || 'en'} subscribe sheet`)
    await shootAtWidths(page, testInfo, `subscribe-sheet${locale.replace('/', '-') || '-en'}`)
  }
})
