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
    // For a person to read; CI has nobody to read them (as in the visual sweep, support/visual-sanity.ts).
    if (!process.env.CI)
      await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true })
  }
}

// Every route's axe and widths: e2e/earn-visual-sanity*.spec.ts. Here the subscribe sheet in
// both directions of writing.

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
