import { expect, test, type Page } from './support/fixtures'

/** Visible text nodes that look like an i18n key ("home.banner.title") rather than text. */
const rawKeys = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim() ?? ''
      if (/^[a-z][A-Za-z]*(\.[A-Za-z0-9_-]+)+$/.test(text)) found.push(text)
    }
    for (const el of document.querySelectorAll('[aria-label],[placeholder]'))
      for (const a of ['aria-label', 'placeholder']) {
        const v = el.getAttribute(a) ?? ''
        if (/^[a-z][A-Za-z]*(\.[A-Za-z0-9_-]+)+$/.test(v)) found.push(`${a}=${v}`)
      }
    return found
  })

test('kk-KZ: earn home in Kazakh, the exchange code kk-KAZ maps to it, no raw key anywhere', async ({
  page,
  openEarn,
}) => {
  await openEarn('/kk-KZ/earn/home')
  await expect(page.getByTestId('home-banner')).toContainText('Криптоңыз сіз үшін жұмыс істесін')
  await expect(page.locator('html')).toHaveAttribute('lang', 'kk-KZ')
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  await expect(page.getByLabel('Өнімдерді іздеу')).toBeVisible()
  expect(await rawKeys(page)).toEqual([])

  // A product page: its subscribe texts load with the page (merged into the first-load ones).
  await page.goto('/kk-KZ/earn/product/flex-usdt')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await rawKeys(page)).toEqual([])

  await page.goto('/kk-KZ/login')
  await expect(page.getByLabel('Құпиясөз')).toBeVisible()
  expect(await rawKeys(page)).toEqual([])

  await page.goto('/kk-KAZ/earn/savings')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Жинақтар')
  expect(await rawKeys(page)).toEqual([])
})
