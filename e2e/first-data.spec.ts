import { expect, test } from './support/fixtures'

test('the first page renders from the data inlined in the shell, without an API round trip', async ({
  page,
  openEarn,
}) => {
  const apiCalls: string[] = []
  page.on('request', (req) => {
    if (req.url().includes('/x-api/s1/byfi/get-homepage-product-cards')) apiCalls.push(req.url())
  })
  await openEarn('/earn/savings')
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  expect(apiCalls).toEqual([])
  // Moving to another page shows that page's own products (only the first page is inlined).
  await page.getByRole('link', { name: 'Dual Asset' }).click()
  await expect(page).toHaveURL(/\/earn\/dual-asset-mining$/)
  await expect(page.getByTestId('product-card').first()).toHaveAttribute(
    'data-product-id',
    /^dual-/,
  )
})

test('scripts arrive brotli-compressed and immutable', async ({ page }) => {
  const response = await page.goto('/earn/home')
  expect(response?.status()).toBe(200)
  const scriptUrl = await page.locator('script[type="module"]').first().getAttribute('src')
  const asset = await page.request.get(scriptUrl!, { headers: { 'accept-encoding': 'br' } })
  expect(asset.headers()['content-encoding']).toBe('br')
  expect(asset.headers()['cache-control']).toContain('immutable')
})
