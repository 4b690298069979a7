import { expect, test } from './support/fixtures'
import { openAs, openSubscribe, pressPrimaryAction } from './earn-journey-helpers'

// taxform@earn.test (seed: KR, no tax self-certification) gets 604 from preview-order and
// pay-order (server/modules/earn/order-checks.ts TAX_FORM_COUNTRIES): the code we chose for
// spec §8's taxation dialog (docs/ui.md). Nothing is paid, so the projects never interfere.
test('604 opens the taxation dialog, and its action opens it again', async ({ page, openEarn }) => {
  await openAs(page, openEarn, 'taxform@earn.test', '/earn/product/flex-usdt')
  await openSubscribe(page)
  const sheet = page.getByTestId('subscribe-sheet')
  await expect(sheet.getByTestId('available-balance')).toContainText('USDT')
  await sheet.getByLabel('Amount').fill('100')
  const preview = page.waitForResponse(/\/preview-order$/)
  await pressPrimaryAction(page, sheet, 'Preview')
  expect((await (await preview).json()).ret_code).toBe(604)

  const dialog = page.getByTestId('taxation-dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading', { name: 'Tax information needed' })).toBeVisible()
  await dialog.getByRole('button', { name: 'OK' }).click()
  await expect(dialog).toBeHidden()
  // The failure stays with its message and the action that fixes it.
  await expect(
    sheet.getByText('We need your tax information before you can subscribe.'),
  ).toBeVisible()
  await sheet.getByRole('button', { name: 'Add tax information' }).click()
  await expect(dialog).toBeVisible()
})
