import { NOT_RELEASED_EXT_CODE } from '../contract/gray-release'
import { OrderRetCode } from '../contract/order-ret-codes'
import { expect, test } from './support/fixtures'
import { openAs } from './earn-journey-helpers'

// Issue 24, item 5: a product staged for the whitelist (structured-eth, Internal) opened by URL
// by a user the stage does not include (kyc2): the server refuses it and the page says so.
// pc only (PC_ONLY in playwright.config.ts): the rule is the server's, not the platform's.
test('a staged product opened by URL by an excluded user shows "not available to you"', async ({
  page,
  openEarn,
}) => {
  const detail = page.waitForResponse(
    (r) => r.url().endsWith('/get-product-detail') && r.request().method() === 'POST',
  )
  await openAs(page, openEarn, 'kyc2@earn.test', '/earn/product/structured-eth')
  const envelope = (await (await detail).json()) as { ret_code: number; ext_code: string }
  expect(envelope).toMatchObject({
    ret_code: OrderRetCode.NotEligible,
    ext_code: NOT_RELEASED_EXT_CODE,
  })
  const notice = page.getByTestId('product-not-released')
  await expect(notice.getByRole('heading', { name: 'Not available to you yet' })).toBeVisible()
  await expect(notice).toContainText('your account is not included yet')
  await expect(page.getByRole('button', { name: 'Subscribe' })).toHaveCount(0)
  await notice.getByRole('link', { name: 'Back to Earn' }).click()
  await expect(page).toHaveURL(/\/earn\/home$/)
})
