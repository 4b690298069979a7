import { expect, test } from './support/fixtures'
import { consoleErrors, keepServed } from './support/served-view'

// Issue 24, item 9: the server draws a landing page from the query parameters its routes read
// (src/app/ssr/render-first-view.tsx, pageUrlOf). Parameters it does not read (a campaign's
// utm_*, anything) no longer make a page of their own, and the painted page is still the one
// the visitor asked for; the client then hydrates it on the full address.

const ADDRESS = '/earn/home?utm_source=mail&search=sol&x=%24%60'

test('a page with parameters it does not read is painted as the page it reads, then hydrated', async ({
  browser,
  page,
}) => {
  const served = await browser.newContext({ javaScriptEnabled: false })
  const before = await served.newPage()
  // A cold server's first render can miss its 300 ms (the shell goes without it): it is kept.
  await expect(async () => {
    await before.goto(ADDRESS)
    await expect(before.getByLabel('Search products')).toHaveValue('sol', { timeout: 1_000 })
  }).toPass()
  const cards = before.getByTestId('product-card')
  await expect(cards.first()).toBeVisible()
  for (const text of await cards.getByTestId('product-coin').allInnerTexts())
    expect(text).toBe('SOL')
  await served.close()

  const errors = consoleErrors(page)
  await keepServed(page, '[data-testid="product-card"]')
  await page.goto(ADDRESS)
  await expect(page.getByLabel('Search products')).toHaveValue('sol')
  // Hydrated, not drawn again: the card the server sent is the one on the page.
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { served?: Element }).served?.isConnected),
    )
    .toBe(true)
  // The address the visitor opened stays whole; the login link carries it once hydrated.
  expect(page.url()).toContain('utm_source=mail')
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toHaveAttribute(
    'href',
    /redirect_url=[^&]*utm_source%3Dmail/,
  )
  expect(errors).toEqual([])
})
