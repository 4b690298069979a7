import { expect, test } from './support/fixtures'

// Issue 17, discovery: from 992 px a product list is a sortable table, on a phone it is cards.

/** The APRs shown in the table's rows, top to bottom, as numbers ("5.50%" → 5.5). */
const rowAprs = async (page: import('@playwright/test').Page) =>
  (await page.getByTestId('product-apr').allInnerTexts()).map((t) =>
    Number(t.replace(/[^\d.]/g, '')),
  )

/** pc runs at 1280 px, h5 and ios_tg at 390 px (playwright.config.ts). */
const isWide = (page: import('@playwright/test').Page) => page.viewportSize()!.width >= 992

test('home: a table sorted by APR in the URL on desktop, searchable, a row opens its product', async ({
  page,
  openEarn,
}) => {
  await openEarn('/earn/home')
  if (!isWide(page)) {
    // A phone: cards with icon, coin, type, APR and term, and no table.
    const card = page.getByTestId('product-card').first()
    await expect(card).toBeVisible()
    await expect(page.getByRole('table')).toHaveCount(0)
    await expect(card.getByTestId('coin-icon')).toBeVisible()
    await expect(card.getByTestId('product-coin')).toHaveText(/^[A-Z0-9]+$/)
    await expect(card).toContainText('Flexible Savings')
    await expect(card).toContainText(/\d+\.\d\d%/)
    await expect(card).toContainText('Flexible')
    return
  }
  const table = page.getByRole('table', { name: 'Products' })
  await expect(table).toBeVisible()
  const rows = table.getByTestId('product-card')
  expect(await rows.count()).toBeGreaterThanOrEqual(8)
  // Columns a desktop user compares products by, each row with its coin's icon.
  for (const name of ['Coin', 'APR', 'Term', 'Minimum', 'Remaining quota', 'Risk'])
    await expect(table.getByRole('columnheader', { name, exact: true })).toBeVisible()
  await expect(rows.first().getByTestId('coin-icon')).toBeVisible()
  // Default: lowest risk first, so the first row is flexible savings, no sort in the URL.
  await expect(rows.first()).toContainText('Flexible Savings')
  const apr = table.getByRole('columnheader', { name: 'APR' })
  await expect(apr).toHaveAttribute('aria-sort', 'none')
  const before = await rowAprs(page)
  expect(before).not.toEqual([...before].sort((a, b) => b - a))

  await apr.getByRole('button').click()
  await expect(page).toHaveURL(/[?&]sort=apr_desc/)
  await expect(apr).toHaveAttribute('aria-sort', 'descending')
  const desc = await rowAprs(page)
  expect(desc).toEqual([...before].sort((a, b) => b - a))

  // Keyboard: the header's button sorts the other way.
  await apr.getByRole('button').focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/[?&]sort=apr_asc/)
  await expect(apr).toHaveAttribute('aria-sort', 'ascending')
  expect(await rowAprs(page)).toEqual([...before].sort((a, b) => a - b))

  // A reload keeps the order; an unknown sort is dropped, never trusted.
  await page.reload()
  await expect(apr).toHaveAttribute('aria-sort', 'ascending')
  expect(await rowAprs(page)).toEqual([...before].sort((a, b) => a - b))
  await page.goto('/earn/home?sort=price_up')
  await expect(apr).toHaveAttribute('aria-sort', 'none')
  expect(await rowAprs(page)).toEqual(before)

  // Search narrows the rows and keeps the sort.
  await page.goto('/earn/home?sort=apr_desc')
  await page.getByLabel('Search products').fill('eth')
  await expect(page).toHaveURL(/[?&]search=eth/)
  await expect(page).toHaveURL(/[?&]sort=apr_desc/)
  await expect(rows.first()).toBeVisible()
  const coins = await rows.getByTestId('product-coin').allInnerTexts()
  expect(coins.length).toBeLessThan(before.length)
  for (const coin of coins) expect(coin).toBe('ETH')
  const ethAprs = await rowAprs(page)
  expect(ethAprs).toEqual([...ethAprs].sort((a, b) => b - a))

  // The row's action opens the product page.
  const first = rows.first()
  const id = await first.getAttribute('data-product-id')
  await first.getByRole('link', { name: /^(Subscribe|Details) ETH/ }).click()
  await expect(page).toHaveURL(new RegExp(`/earn/product/${id}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'ETH' })).toBeVisible()
})

test('a page key and a section are tables on desktop too, sortable by term', async ({
  page,
  openEarn,
}) => {
  await openEarn('/earn/savings?sort=term_desc')
  if (!isWide(page)) {
    await expect(page.getByTestId('product-card').first()).toBeVisible()
    await expect(page.getByRole('table')).toHaveCount(0)
    return
  }
  const term = page.getByRole('columnheader', { name: 'Term' })
  await expect(term).toHaveAttribute('aria-sort', 'descending')
  await expect(page.getByTestId('product-card').first()).toContainText('days')
  await page.goto('/earn/double-win')
  await expect(page.getByRole('table', { name: 'Products' })).toBeVisible()
})
