import { expect, test } from './support/fixtures'
import { openAs, openSubscribe, pressPrimaryAction } from './earn-journey-helpers'

// kyc2 (id 100013) holds, from the seed: an APR boost +2 % for flexible USDT (min 100), a
// 5 USDT bonus for fixed-term USDT, and an expired boost. Preview only: nothing is paid, so
// the voucher stays unused for the other projects running this journey at the same time.
test('a voucher the user holds is offered for the product and applied to the order', async ({
  page,
  openEarn,
}) => {
  await openAs(page, openEarn, 'kyc2@earn.test', '/earn/product/flex-usdt')
  await openSubscribe(page)
  const sheet = page.getByTestId('subscribe-sheet')
  await expect(sheet.getByTestId('available-balance')).toContainText('USDT')
  await sheet.getByLabel('Amount').fill('500')
  await expect(sheet.getByTestId('estimate-apr')).toHaveText('12.00%')

  // Only the unused, unexpired voucher for this coin and product type is offered.
  const select = sheet.getByLabel('Voucher')
  await expect(select.locator('option')).toHaveText(['No voucher', 'APR boost +2.00%'])
  await select.selectOption({ label: 'APR boost +2.00%' })
  await expect(sheet.getByTestId('estimate-apr')).toHaveText('14.00%')

  const previewCall = page.waitForRequest(/\/preview-order$/)
  await pressPrimaryAction(page, sheet, 'Preview')
  expect((await previewCall).postDataJSON()).toMatchObject({
    product_id: 'flex-usdt',
    voucher_id: 'v-100013-boost',
  })
  // The server's preview carries the boost: 12 % tier + 2 %.
  await expect(sheet.getByTestId('order-review')).toContainText('14.00%')
})
