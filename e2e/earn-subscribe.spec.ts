import type { CoinTuple } from '../contract/market.schema'
import { API_PREFIX, COINS_PATH } from '../contract/paths'
import { expect, test } from './support/fixtures'
import {
  availableText,
  expectPrimaryAction,
  openAs,
  openSubscribe,
  pressPrimaryAction,
} from './earn-journey-helpers'

const amountOf = (text: string) => Number(text.replace(/[^\d.]/g, ''))

test('a KYC 2 user subscribes to a flexible product and sees the position', async ({
  page,
  openEarn,
}) => {
  await openAs(page, openEarn, 'kyc2@earn.test', '/earn/product/flex-usdt')
  await openSubscribe(page)
  const sheet = page.getByTestId('subscribe-sheet')
  await expect(sheet.getByTestId('available-balance')).toContainText('USDT')
  const before = amountOf(await availableText(page))
  expect(before).toBeGreaterThan(25)

  // Coin precision: typed decimals beyond the coin's transaction digits (get-coins, what the
  // server accepts in an order) are cut; USDT is shown with more digits than it trades with.
  const coins = (await (await page.request.get(`${API_PREFIX}${COINS_PATH}`)).json()) as {
    result: CoinTuple[]
  }
  const [, , shownDigits, tradedDigits] = coins.result.find(([, name]) => name === 'USDT')!
  expect(tradedDigits).toBeLessThan(shownDigits)
  await sheet.getByLabel('Amount').fill('25.123456789123')
  await expect(sheet.getByLabel('Amount')).toHaveValue(`25.${'123456789'.slice(0, tradedDigits)}`)
  await sheet.getByLabel('Amount').fill('25')
  // Tiered APR: 25 USDT sits in the 12 % tier below 2 000.
  await expect(sheet.getByTestId('estimate-apr')).toHaveText('12.00%')
  await pressPrimaryAction(page, sheet, 'Preview')
  await expect(sheet.getByTestId('order-review')).toContainText('25')
  // After the order the page reads the holder count again, so "Participants" counts this
  // holding (it said 0 beside "Your holding" until the minute's refetch).
  const holdersAgain = page.waitForResponse(
    (r) =>
      r.url().endsWith('/get-products-extra-info') &&
      (r.request().postData() ?? '').includes('flex-usdt'),
  )
  await pressPrimaryAction(page, sheet, 'Confirm')

  await expect(sheet.getByTestId('order-success')).toContainText('Subscribed')
  const holders = (await (await holdersAgain).json()) as {
    result: { items: { participants: number }[] }
  }
  expect(holders.result.items[0]!.participants).toBeGreaterThanOrEqual(1)
  await expect(sheet.getByTestId('order-success')).toContainText('25')
  await pressPrimaryAction(page, sheet, 'Done')
  await expect(page.getByText('Your holding')).toBeVisible()

  await openSubscribe(page)
  await expect(sheet.getByTestId('available-balance')).toContainText('USDT')
  // The reopened sheet may show the cached balance until its refetch lands.
  await expect
    .poll(async () => amountOf(await availableText(page)))
    .toBeLessThanOrEqual(before - 25)
})

test('too little balance: the message, a deposit action, and the balance is kept', async ({
  page,
  openEarn,
}) => {
  await openAs(page, openEarn, 'kyc1@earn.test', '/earn/product/flex-eth')
  await openSubscribe(page)
  const sheet = page.getByTestId('subscribe-sheet')
  await expect(sheet.getByTestId('available-balance')).toContainText('ETH')
  const before = await availableText(page)
  await sheet.getByLabel('Amount').fill('99')
  await expect(sheet.getByRole('alert')).toHaveText('Your balance is not enough for this order.')
  await expect(sheet.getByRole('link', { name: 'Deposit' })).toBeVisible()
  await expectPrimaryAction(page, sheet, 'Preview', { enabled: false })
  // Max fills what can really be paid: the balance, within the product's limits.
  await sheet.getByRole('button', { name: 'Max' }).click()
  await expect(sheet.getByRole('alert')).toHaveCount(0)

  await page.reload()
  await openSubscribe(page)
  await expect(sheet.getByTestId('available-balance')).toHaveText(before)
})

test('ar-SA: a KYC 2 user subscribes right-to-left in Arabic', async ({ page, openEarn }) => {
  await openAs(page, openEarn, 'kyc2@earn.test', '/ar-SA/earn/product/flex-usdt')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  const sheet = await openSubscribe(page, 'اشترك')
  await expect(sheet.getByRole('heading', { level: 2 })).toHaveText('الاشتراك في USDT')
  await sheet.getByLabel('المبلغ').fill('10')
  await pressPrimaryAction(page, sheet, 'معاينة')
  await pressPrimaryAction(page, sheet, 'تأكيد')
  await expect(sheet.getByTestId('order-success')).toContainText('تم الاشتراك')
})
