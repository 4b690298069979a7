import { startParamFor } from '../contract/start-param'
import { expect, test } from './support/fixtures'

// Issue 27 on the desktop web (pc): no Web Share API in desktop Chromium on Linux, so Share
// copies the mini-app link that opens the product.

test('Share copies the mini-app link to the product', async ({ page, context, openEarn }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await openEarn('/earn/product/flex-usdt')
  await page.getByTestId('share-product').click()
  await expect(page.getByRole('status').filter({ hasText: 'Link copied.' })).toBeVisible()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toMatch(
    new RegExp(`^https://t\\.me/\\w+/\\w+\\?startapp=${startParamFor('product', 'flex-usdt')}$`),
  )
})
