import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './support/fixtures'
import { openAs, openSubscribe, pressPrimaryAction } from './earn-journey-helpers'
import { JOURNEY_BY_PROJECT, advanceServerClock, amountIn, fundingBalance } from './my-earn-helpers'
import { holdingServerClock } from './support/server-clock-lock'

const seriousViolations = async (page: import('@playwright/test').Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  )

test('subscribe → position → clock moves → yield → claim → records → redeem → balance back', async ({
  page,
  openEarn,
}, testInfo) => {
  test.setTimeout(120_000)
  const j = JOURNEY_BY_PROJECT[testInfo.project.name]!
  // The journey reads yield that only its own clock moves create ("0" right after subscribing
  // and after the claim): no other worker's spec moves the shared server clock meanwhile (CI
  // once saw 0.486 USDT claimable on a new position). Its own moves are re-entrant.
  await holdingServerClock(() => journey(page, openEarn, j))
})

async function journey(
  page: import('@playwright/test').Page,
  openEarn: (path: string) => Promise<void>,
  j: (typeof JOURNEY_BY_PROJECT)[string] & object,
) {
  await openAs(page, openEarn, j.email, `/earn/product/${j.productId}`)
  const before = await fundingBalance(page, j.coin)

  // Subscribe through issue 7's sheet.
  await openSubscribe(page)
  const sheet = page.getByTestId('subscribe-sheet')
  await sheet.getByLabel('Amount').fill(j.amount)
  await pressPrimaryAction(page, sheet, 'Preview')
  await pressPrimaryAction(page, sheet, 'Confirm')
  await expect(sheet.getByTestId('order-success')).toBeVisible()
  await pressPrimaryAction(page, sheet, 'Done')

  // The position appears on my earn with its principal.
  await page.goto('/earn/my-earn')
  const position = page.locator(`[data-testid="position"][data-product-id="${j.productId}"]`)
  await expect(position).toHaveCount(1)
  expect(
    amountIn(await position.getByTestId('position-principal').innerText()),
  ).toBeGreaterThanOrEqual(Number(j.amount))
  await expect(position.getByTestId('position-claimable')).toHaveText(/^0 /)
  await expect(page.getByTestId(`holding-${j.coin}`)).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // A day passes on the server: the accrual's private push re-reads the position, no reload.
  await advanceServerClock(page, 24 * 3600)
  await expect
    .poll(async () => amountIn(await position.getByTestId('position-claimable').innerText()))
    .toBeGreaterThan(0)
  await expect(page.getByTestId('pnl-chart').locator('rect').first()).toBeVisible()

  // Claim: the claimable yield goes to FUNDING and the position shows none left.
  await position.getByRole('button', { name: 'Claim yield' }).click()
  await expect(position.getByTestId('position-claimable')).toHaveText(/^0 /)
  await expect(position.getByRole('button', { name: 'Claim yield' })).toBeDisabled()

  // Wallet records, filtered to this coin through the URL, show Stake, Yield and Claim.
  await page.goto(`/earn/wallet-records?coin=${j.coin}`)
  const records = page.getByTestId('wallet-record')
  await expect(records.first()).toBeVisible()
  const types = await page
    .getByTestId('wallet-records')
    .locator('[data-type]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-type')))
  expect(types).toEqual(expect.arrayContaining(['Stake', 'Yield', 'Claim']))
  expect(await seriousViolations(page)).toEqual([])
  // The type filter narrows the list to that type only.
  await page.getByLabel('Type').selectOption('Claim')
  await expect(page).toHaveURL(/type=Claim/)
  // The list is replaced once the filtered page arrives: poll until it is.
  await expect
    .poll(async () => [
      ...new Set(await records.evaluateAll((els) => els.map((e) => e.getAttribute('data-type')))),
    ])
    .toEqual(['Claim'])

  // Redeem the flexible position at once; the principal returns to FUNDING.
  await page.goto('/earn/my-earn')
  await position.getByRole('button', { name: 'Redeem' }).click()
  const dialog = page.getByTestId('redeem-dialog')
  await expect(dialog.getByTestId('redeem-receive')).toContainText(j.coin)
  await expect(dialog.getByTestId('redeem-forfeit')).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Confirm redemption' }).click()
  await expect(dialog.getByTestId('redeem-success')).toBeVisible()
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(position).toHaveCount(0)
  // Principal back plus the claimed yield: never less than before the subscription.
  expect(await fundingBalance(page, j.coin)).toBeGreaterThan(before)
}
