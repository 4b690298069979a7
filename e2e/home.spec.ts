import { expect, test } from './support/fixtures'
import { listedProduct } from './support/served-view'

test('earn home shows the product cards on this platform', async ({
  page,
  openEarn,
  earnPlatform,
}) => {
  await openEarn('/earn/home')
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  expect(await page.getByTestId('product-card').count()).toBeGreaterThanOrEqual(8)
  await expect(page.locator('html')).toHaveAttribute('data-platform', earnPlatform)
  await expect(page.getByRole('heading', { level: 1, name: 'Earn' })).toBeVisible()
  // Lowest risk first: the first group is flexible savings, its top APR first, shown with two
  // decimals; every principal-at-risk card (dual asset, smart leverage…) carries the tag.
  const res = await page.request.post('/x-api/s1/byfi/get-homepage-product-cards', { data: {} })
  const { cards } = (await res.json()).result as {
    cards: { apr: string; product_type: number; product_id: string }[]
  }
  const flexible = cards.filter((c) => c.product_type === 4)
  expect(flexible.length).toBeGreaterThan(0)
  const top = Math.max(...flexible.map((c) => Number(c.apr)))
  const first = page.getByTestId('product-card').first()
  await expect(first).toContainText(`${(top * 100).toFixed(2)}%`)
  await expect(first.getByTestId('risk-badge')).toHaveCount(0)
  // The one on screen (a desktop's served view holds the table and the cards until it keeps one).
  const dual = cards.find((c) => c.product_type === 2)!
  await expect(listedProduct(page, dual.product_id).getByTestId('risk-badge')).toHaveAttribute(
    'data-risk',
    'high',
  )
})

test('/ar-SA/earn/home renders right-to-left in Arabic', async ({ page, openEarn }) => {
  await openEarn('/ar-SA/earn/home')
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-SA')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الكسب')
})

test('a product page lists only its product types', async ({ page, openEarn }) => {
  await openEarn('/earn/dual-asset-mining')
  await expect(page.getByTestId('product-card')).toHaveCount(1)
  await expect(page.getByTestId('product-card')).toHaveAttribute('data-product-id', 'dual-btc-low')
})

test('/earn shows home and an unknown page gets a not-found page with a way home', async ({
  page,
  openEarn,
}) => {
  await openEarn('/earn')
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  await page.goto('/earn/no-such-page')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await page.getByRole('link', { name: 'Go to Earn home' }).click()
  await expect(page).toHaveURL(/\/earn\/home$/)
  await expect(page.getByTestId('product-card').first()).toBeVisible()
})
