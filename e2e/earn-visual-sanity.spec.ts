import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
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

/** Findings of the page's own checks, as readable lines (empty when all is well). */
function sanityFindings(page: Page) {
  return page.evaluate(() => {
    const found: string[] = []
    // Icons are lazy: ask for every one (cards that arrive late too), then judge them.
    for (const img of document.querySelectorAll<HTMLImageElement>('img[data-testid="coin-icon"]'))
      img.loading = 'eager'
    const doc = document.documentElement
    if (doc.scrollWidth > doc.clientWidth) {
      found.push(`horizontal overflow: ${doc.scrollWidth} > ${doc.clientWidth}`)
    }
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      return r.width > 0 && r.height > 0 && style.visibility !== 'hidden'
    }
    for (const el of document.body.querySelectorAll('*')) {
      if (!visible(el) || el.closest('[aria-hidden="true"], script, style, svg')) continue
      const own = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join(' ')
        .trim()
      if (!own) continue
      // A box narrower than 12 characters (about 0.55 em each) holding more than three words.
      const fontSize = parseFloat(getComputedStyle(el).fontSize)
      const words = own.split(/\s+/).length
      const width = el.getBoundingClientRect().width
      if (words > 3 && width < 12 * 0.55 * fontSize) {
        found.push(`narrow text (${Math.round(width)} px): "${own.slice(0, 40)}"`)
      }
      for (const m of own.matchAll(/\d[\d.,]*/g)) {
        const n = m[0]
        if (/\d{5,}/.test(n.split(/[.,]/)[0] ?? '') && !/[.,]/.test(n.slice(0, 6))) {
          found.push(`ungrouped number ${n} in "${own.slice(0, 40)}"`)
        }
        if (/[.,]\d*0000\b/.test(n)) found.push(`trailing zeros ${n} in "${own.slice(0, 40)}"`)
      }
    }
    for (const card of document.querySelectorAll('[data-testid="product-card"]')) {
      if (!visible(card)) continue
      const icon = card.querySelector<HTMLImageElement>('img[data-testid="coin-icon"]')
      if (!icon) found.push(`card without an icon: ${card.textContent?.slice(0, 30)}`)
      else if (!icon.complete || icon.naturalWidth === 0 || !icon.alt) {
        found.push(`icon not loaded or without alt: ${icon.src}`)
      }
    }
    return found
  })
}

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

test.describe('with the download prompt', () => {
  test.use({ showDownloadPrompt: true })

  test('the mobile-web download prompt reads as a sheet, not a word-per-line column', async ({
    page,
    openEarn,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'h5', 'the prompt is mobile web only')
    for (const route of ['/earn/product/flex-usdt', '/earn/export']) {
      await openEarn(route)
      const prompt = page.getByTestId('download-prompt')
      await expect(prompt).toBeVisible()
      await page.screenshot({
        path: testInfo.outputPath(`download-prompt${route.replace(/\W+/g, '-')}.png`),
      })
      expect.soft(await sanityFindings(page), route).toEqual([])
      const body = prompt.getByText('Earn on the go')
      expect((await body.boundingBox())!.width).toBeGreaterThan(250)
    }
  })
})
