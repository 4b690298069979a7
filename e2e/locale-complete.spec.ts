import { englishTexts, mayKeepEnglish, textOf, words } from '../tests/support/locale-texts'
import { earnApi } from './my-earn-helpers'
import type { TestInfo } from '@playwright/test'
import { expectNoHorizontalScroll, openAs, openSubscribe } from './earn-journey-helpers'
import { expect, test, type Page } from './support/fixtures'

// Issue 29: a translated page shows no English sentence and writes amounts the language's way.
// German (the longest words) and Turkish (its own percent sign), at 390 px (h5): home, a product
// page, the subscribe sheet with an error, my earn. The English texts are those of locales/en
// (the bot's aside), minus what a language may keep (KEPT_IN_ENGLISH); a page also must not cut
// a text off at this width.

type English = { phrases: string[]; labels: string[] }

/**
 * What would give English away: each text's stretches between {{placeholders}} of two words or
 * more (a sentence, or its part), and the texts that are one word on their own (a button).
 */
function englishFor(language: string): English {
  const phrases = new Set<string>()
  const labels = new Set<string>()
  for (const [file, texts] of englishTexts()) {
    if (file.includes('/')) continue
    for (const text of texts.values()) {
      if (typeof text !== 'string' || mayKeepEnglish(language, text)) continue
      if (!/\{\{/.test(text) && words(text).length === 1) labels.add(text.trim())
      for (const part of text.split(/\{\{[^}]*\}\}/))
        if (words(part).length >= 2) phrases.add(part.trim())
    }
  }
  return { phrases: [...phrases], labels: [...labels] }
}

/** The page's visible text, one line per line (or table cell) the reader sees. */
const visibleLines = async (page: Page) =>
  (await page.locator('body').innerText())
    .split(/[\n\t]/)
    .map((l) => l.trim())
    .filter(Boolean)

async function expectNoEnglish(page: Page, language: string, where: string) {
  const english = englishFor(language)
  const lines = await visibleLines(page)
  const text = lines.join('\n')
  const found = [
    ...english.phrases.filter((p) => text.includes(p)),
    ...english.labels.filter((l) => lines.includes(l)),
  ]
  expect(found, `${language} ${where}: English on the page`).toEqual([])
}

/** Amounts in the language's way: no English decimal point, and a decimal comma somewhere. */
async function expectLocalNumbers(page: Page, language: string, where: string) {
  const text = (await visibleLines(page)).join('\n')
  // 12.5 or 0.12345678 (an English decimal point; 10.000 with three digits is a German group).
  const englishDecimals = text.match(/(?<![\d.])\d+\.(\d{1,2}|\d{4,})(?![\d.])/g) ?? []
  expect(englishDecimals, `${language} ${where}: English decimal points`).toEqual([])
  // 1,234,567 or 1,234.5 (English grouping).
  expect(text.match(/\d,\d{3}[.,]\d/g) ?? [], `${language} ${where}: English grouping`).toEqual([])
  expect(text, `${language} ${where}: a decimal comma`).toMatch(/\d,\d/)
}

/**
 * Texts cut off or squeezed at this width (elements with text of their own): wider than their
 * box (a long word that cannot wrap), or outside the box that clips them (the page's edge, an
 * overflow: hidden parent). Rows that scroll sideways on purpose (the filter chips) are fine.
 */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = []
    const label = (el: Element) => `${el.tagName} "${el.textContent!.trim().slice(0, 60)}"`
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim())
      const r = el.getBoundingClientRect()
      // Not drawn, or drawn for screen readers only (sr-only: a 1 px box).
      if (!own || !el.getClientRects().length || r.width <= 1 || r.height <= 1) continue
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== 'inline')
        out.push(`${label(el)} is wider than its box`)
      let clip: Element | null = el.parentElement
      while (clip && getComputedStyle(clip).overflowX === 'visible') clip = clip.parentElement
      if (clip && ['auto', 'scroll'].includes(getComputedStyle(clip).overflowX)) continue
      const box = clip
        ? clip.getBoundingClientRect()
        : { left: 0, right: document.documentElement.clientWidth }
      if (r.right > box.right + 1 || r.left < box.left - 1)
        out.push(`${label(el)} is cut off by ${clip ? clip.tagName : 'the page edge'}`)
    }
    return out
  })

/** Screenshots in the test's output to look at (first: a failure has them too); then the checks. */
async function expectPage(page: Page, testInfo: TestInfo, language: string, where: string) {
  // In screens of the phone's height, as a reader scrolls through it.
  const { width, height } = page.viewportSize()!
  const scrollHeight = () => page.evaluate(() => document.documentElement.scrollHeight)
  // The height is read again for each screen: a page that got shorter meanwhile (a list still
  // settling) left the last clip outside the image (a CI flake).
  for (let y = 0, i = 1; ; y += height, i++) {
    const total = await scrollHeight()
    if (y >= total) break
    const name = `${language}-${where.replace(/\W+/g, '-')}-${width}-${i}.png`
    const clip = { x: 0, y, width, height: Math.min(height, total - y) }
    await page.screenshot({ path: testInfo.outputPath(name), fullPage: true, clip })
  }
  await expectNoEnglish(page, language, where)
  await expectNoHorizontalScroll(page)
  expect(await overflowing(page), `${language} ${where}: cut off at 390 px`).toEqual([])
}

for (const language of ['de-DE', 'tr-TR']) {
  test(`${language}: home, a product, the subscribe sheet with an error and my earn, in ${language}`, async ({
    page,
    openEarn,
  }, testInfo) => {
    test.setTimeout(90_000)
    await openEarn(`/${language}/earn/home`)
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    await expect(page.getByTestId('product-card').first()).toBeVisible()
    await expectPage(page, testInfo, language, 'home')
    await expectLocalNumbers(page, language, 'home')

    await openAs(page, openEarn, 'kyc1@earn.test', `/${language}/earn/product/flex-eth`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectPage(page, testInfo, language, 'product page')

    // The subscribe sheet, then its error for an amount above the balance.
    const sheet = await openSubscribe(page, textOf(language, 'subscribe.json', 'subscribe.cta'))
    await expect(sheet.getByTestId('available-balance')).toContainText('ETH')
    await expectPage(page, testInfo, language, 'subscribe sheet')
    await sheet.getByLabel(textOf(language, 'subscribe.json', 'subscribe.amount.label')).fill('99')
    await expect(sheet.getByRole('alert')).toBeVisible()
    await expectPage(page, testInfo, language, 'subscribe error')
    await expect(sheet.getByRole('alert')).not.toHaveText(/balance is not enough/)
    await expectLocalNumbers(page, language, 'subscribe sheet')

    // My earn with something in it (this user's ETH journeys leave USDC alone).
    await earnApi(page, 'pay-order', {
      order_id: `e2e-locale-${language}-${Date.now().toString(36)}`,
      product_id: 'flex-usdt',
      amount: '1234.56',
    })
    await page.goto(`/${language}/earn/my-earn`)
    await expect(page.getByTestId('position').first()).toBeVisible()
    await expect(page.getByTestId('assets-total')).not.toHaveText(/^\W*--/)
    await expectPage(page, testInfo, language, 'my earn')
    await expectLocalNumbers(page, language, 'my earn')
    // Amounts of a thousand and more are grouped the German and Turkish way: 1.234,56.
    await expect(page.locator('body')).toContainText(/\d{1,3}(\.\d{3})+(,\d+)?/)
  })
}

test('de-DE: the other pages and a dual product fit 390 px, in German', async ({
  page,
  openEarn,
}, testInfo) => {
  test.setTimeout(180_000)
  await openAs(page, openEarn, 'kyc1@earn.test', '/de-DE/earn/home')
  for (const path of [
    'savings',
    'dual-asset-mining',
    'structured-product',
    'liquidity-mining',
    'launchpool',
    'product/dual-btc-low',
    'orders',
    'history',
    'wallet-records',
    'export',
    'settings',
  ]) {
    await page.goto(`/de-DE/earn/${path}`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectPage(page, testInfo, 'de-DE', path)
  }
})
