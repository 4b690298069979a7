import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { sanityFindings } from './support/visual-sanity'
import { DARK_THEME } from './support/telegram-events'

// What a new user sees on the main routes, at a phone and a desktop width, light and dark:
// nothing wider than the screen, no word-per-line columns, every coin with its icon, numbers
// grouped and trimmed, axe clean. The screenshots are kept as the test's artifacts.
const ROUTES = [
  '/earn/home',
  '/earn/savings',
  '/earn/dual-asset-mining',
  '/earn/liquidity-mining',
  '/earn/product/flex-usdt',
  '/en/login',
] as const
const WIDTHS = [390, 1280] as const
const SCHEMES = ['light', 'dark'] as const

test.describe.configure({ timeout: 240_000 })

async function seriousAxe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

for (const scheme of SCHEMES) {
  test(`main routes read well at 390 and 1280 px (${scheme})`, async ({
    page,
    openEarn,
  }, testInfo) => {
    const telegram = testInfo.project.name.endsWith('_tg')
    await page.emulateMedia({ colorScheme: scheme })
    const theme = scheme === 'dark' ? DARK_THEME : undefined
    for (const route of ROUTES) {
      await page.setViewportSize({ width: WIDTHS[0], height: 844 })
      await openEarn(route, theme ? { client: { theme } } : {})
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      if (route.startsWith('/earn/home')) {
        await expect(page.getByTestId('product-card').first()).toBeVisible()
      }
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 })
        // From 992 px product lists become a table, loaded on demand: its icons, once in.
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))))
        await expect(page.getByTestId('product-table-loading')).toHaveCount(0)
        // Icons are lazy: ask for all of them now (a quick scroll can pass one by), then wait.
        const icons = page.getByTestId('coin-icon')
        await icons.evaluateAll((all) =>
          (all as HTMLImageElement[]).forEach((i) => (i.loading = 'eager')),
        )
        await expect
          .poll(() =>
            icons.evaluateAll((all) =>
              (all as HTMLImageElement[]).every((i) => i.complete && i.naturalWidth > 0),
            ),
          )
          .toBe(true)
        const name = `${route.replace(/\W+/g, '-').replace(/^-/, '')}-${width}-${scheme}${telegram ? '-tg' : ''}`
        await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true })
        // Polled: an icon switching to its dark file right after hydration is loading a moment.
        await expect
          .poll(() => sanityFindings(page), { message: `${route} at ${width}` })
          .toEqual([])
      }
      expect.soft(await seriousAxe(page), `${route} axe`).toEqual([])
    }
  })
}
