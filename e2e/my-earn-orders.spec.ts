import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { expectNoHorizontalScroll, isTelegram, openAs, openSubscribe } from './earn-journey-helpers'
import { amountIn, earnApi } from './my-earn-helpers'
import { keepServed } from './support/served-view'

// Orders by status with their detail, and liquidity my-liquidity/mining (issue 8, items 3 and 6).

const USER = 'kyc2@earn.test'
/** A different amount per project, so each run finds its own order among the user's. */
const AMOUNT: Record<string, string> = { pc: '21', ios_tg: '23' }

const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  )

/**
 * A screen's primary action: the in-page button, or inside Telegram the client's MainButton when
 * the app hands the action to it (the in-page button is then not rendered).
 */
async function pressPrimary(page: Page, scope: Locator, name: string): Promise<void> {
  const button = scope.getByRole('button', { name, exact: true })
  const native = () =>
    page.evaluate((text) => {
      const events = (window as unknown as { __tgEvents?: { type: string; data: any }[] })
        .__tgEvents
      const last = events?.filter((e) => e.type === 'web_app_setup_main_button').at(-1)
      return last?.data?.is_visible === true && last.data.text === text
    }, name)
  await expect.poll(async () => (await button.isVisible()) || (await native())).toBe(true)
  if (await button.isVisible()) return button.click()
  await page.evaluate(() =>
    (
      window as unknown as { Telegram: { WebView: { receiveEvent(t: string, d?: unknown): void } } }
    ).Telegram.WebView.receiveEvent('main_button_pressed'),
  )
}

type Orders = { orders: { order_id: string; amount: string | null; product_id: string | null }[] }

test('orders: a subscription under Completed with its detail, a refusal under Failed', async ({
  page,
  openEarn,
}, testInfo) => {
  test.setTimeout(90_000)
  const amount = AMOUNT[testInfo.project.name] ?? '24'
  await openAs(page, openEarn, USER, '/earn/product/flex-usdt')

  // Subscribe through the sheet.
  await openSubscribe(page)
  const sheet = page.getByTestId('subscribe-sheet')
  await sheet.getByLabel('Amount').fill(amount)
  await pressPrimary(page, sheet, 'Preview')
  await pressPrimary(page, sheet, 'Confirm')
  await expect(sheet.getByTestId('order-success')).toBeVisible()
  await pressPrimary(page, sheet, 'Done')
  // The sheet closes; the inline panel (lg, web) starts over.
  await expect(sheet.getByTestId('order-success')).toBeHidden()
  // Other projects' journeys order as the same user meanwhile: find this run's by its amount.
  const { orders } = await earnApi<Orders>(page, 'get-orders', { status: 'success', limit: 20 })
  const mine = orders.find((o) => o.product_id === 'flex-usdt' && o.amount === amount)!
  expect(mine).toBeDefined()

  // My earn links to the orders; the Completed tab lists the order (newest first).
  await page.goto('/earn/my-earn')
  await page.getByRole('link', { name: 'Orders' }).click()
  await expect(page).toHaveURL(/\/earn\/orders\?status=success/)
  await expect(page.getByRole('tab', { name: 'Completed' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await expect(page.getByTestId('order').first()).toHaveAttribute('data-status', 'success')
  const row = page.locator(`[data-testid="order"][data-order-id="${mine.order_id}"]`)
  await expect(row.getByTestId('order-title')).toHaveText('Subscribe · Flexible Savings')
  expect(amountIn(await row.getByTestId('order-amount').innerText())).toBe(Number(amount))
  await expect(row.getByTestId('order-amount')).toContainText('USDT')

  // Its detail opens in a dialog that the URL keeps.
  await row.getByRole('button').click()
  const detail = page.getByTestId('order-detail')
  await expect(detail.getByTestId('order-detail-id')).toHaveText(mine.order_id)
  await expect(detail.getByTestId('order-status')).toHaveText('Completed')
  await expect(page).toHaveURL(new RegExp(`order=${mine.order_id}`))
  expect(await seriousViolations(page)).toEqual([])
  await detail.getByRole('button', { name: 'Close' }).click()
  await expect(detail).toHaveCount(0)

  // More BTC than the user holds: the server refuses (303) and records the order as failed.
  const refusedId = `refused-${testInfo.project.name}-${Date.now()}`
  const refused = await page.request.post('/x-api/s1/byfi/pay-order', {
    data: { order_id: refusedId, product_id: 'flex-btc', amount: '4' },
  })
  expect((await refused.json()).ret_code).toBe(303)
  await page.getByRole('tab', { name: 'Failed' }).click()
  await expect(page).toHaveURL(/status=failed/)
  const failed = page.locator(`[data-testid="order"][data-order-id="${refusedId}"]`)
  await expect(failed).toContainText('Your balance is not enough for this order.')
  await expect(page.getByTestId('order').first()).toHaveAttribute('data-status', 'failed')
  await failed.getByRole('button').click()
  await expect(detail.getByTestId('order-reason')).toHaveText(
    'Your balance is not enough for this order.',
  )
  expect(await seriousViolations(page)).toEqual([])

  // A reload keeps the tab and the open detail.
  await page.reload()
  await expect(page.getByRole('tab', { name: 'Failed' })).toHaveAttribute('aria-selected', 'true')
  await expect(detail.getByTestId('order-detail-id')).toHaveText(refusedId)

  // In Arabic: right to left, the texts translated, no horizontal scroll, no serious violation.
  await page.goto('/ar-SA/earn/orders?status=success')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('tab', { name: 'مكتملة' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByTestId('order').first()).toBeVisible()
  await expectNoHorizontalScroll(page)
  expect(await seriousViolations(page)).toEqual([])
})

test('liquidity: add → position on my-liquidity with its state → mining rewards → remove', async ({
  page,
  openEarn,
}, testInfo) => {
  test.setTimeout(90_000)
  if (!isTelegram(testInfo.project.name)) {
    // Visitors see the login prompt, not an error, drawn by the server already (it used to read
    // the browser's address while the server drew it, and the tab was left to the client): its
    // link names the page by its path until live, by its full address after.
    const tabPath = '/earn/liquidity-mining?tab=my-liquidity'
    await keepServed(page, '[data-testid="liquidity-login"]')
    await openEarn(tabPath)
    const servedKept = await page.evaluate(
      () => (window as { served?: Element }).served?.isConnected,
    )
    expect(servedKept, 'the prompt as the server drew it, hydrated in place').toBe(true)
    const html = await (await page.request.get(tabPath)).text()
    expect(html).toContain(`href="/en/login?redirect_url=${encodeURIComponent(tabPath)}"`)
    const login = page.getByTestId('liquidity-login').getByRole('link')
    await expect(login).toHaveText('Log in')
    await expect(login).toHaveAttribute(
      'href',
      `/en/login?redirect_url=${encodeURIComponent(page.url())}`,
    )
  }
  await openAs(page, openEarn, USER, '/earn/liquidity-mining?tab=my-liquidity')
  const tab = page.getByTestId('my-liquidity')
  await expect(tab.getByTestId('liquidity-total')).toBeVisible()
  type Summary = { positions: { position_id: string }[] }
  const before = (await earnApi<Summary>(page, 'get-user-liquidity-summary')).positions.map(
    (p) => p.position_id,
  )

  // Add: pool, amount and leverage, with the swap quote before confirming.
  await tab.getByRole('button', { name: 'Add liquidity' }).click()
  const dialog = page.getByTestId('liquidity-dialog')
  await dialog.getByLabel('Pool').selectOption('liq-btc-usdt')
  // Below the pool's per-order minimum: said in the dialog, nothing is sent.
  await dialog.getByLabel('Amount (USDT)').fill('5')
  await dialog.getByRole('button', { name: 'Confirm and add' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(
    /^Enter an amount from 10\b.* USDT to 200,?000\b.* USDT\.$/,
  )
  await dialog.getByLabel('Amount (USDT)').fill('40')
  await dialog.getByLabel(/^Leverage/).fill('2')
  // Half of 40 USDT is quoted in BTC.
  await expect(dialog.getByTestId('swap-quote')).toContainText('20')
  await expect(dialog.getByTestId('swap-quote-receive')).toContainText('BTC')
  expect(amountIn(await dialog.getByTestId('swap-quote-receive').innerText())).toBeGreaterThan(0)
  expect(await seriousViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Confirm and add' }).click()
  await expect(dialog.getByTestId('liquidity-success')).toHaveText(/Liquidity added/)
  await dialog.getByRole('button', { name: 'Done' }).click()

  // Exactly one new position: Effective once confirmed, with its principal and leverage.
  const after = (await earnApi<Summary>(page, 'get-user-liquidity-summary')).positions
  const fresh = after.filter((p) => !before.includes(p.position_id))
  expect(fresh).toHaveLength(1)
  const positionId = fresh[0]!.position_id
  const added = page.locator(`[data-testid="liquidity-position"][data-position-id="${positionId}"]`)
  await expect(added).toHaveAttribute('data-product-id', 'liq-btc-usdt')
  await expect(added.getByTestId('liquidity-state')).toHaveText('Earning')
  expect(amountIn(await added.getByTestId('liquidity-principal').innerText())).toBe(40)
  await expect(added.getByTestId('liquidity-leverage')).toHaveText('2×')
  expect(await seriousViolations(page)).toEqual([])

  // The mining tab shows the rewards of each position and the pools.
  await page.getByRole('tab', { name: 'Mining' }).click()
  await expect(page).toHaveURL(/tab=mining/)
  await expect(page.getByTestId('mining-position').first()).toBeVisible()
  await expect(page.getByTestId('mining-pool')).toHaveCount(2)
  expect(await seriousViolations(page)).toEqual([])

  // My earn lists the position too, with the way back to its pool's tab.
  await page.getByTestId('account-name').click()
  await expect(page).toHaveURL(/\/earn\/my-earn/)
  await page
    .locator(`[data-testid="position"][data-position-id="${positionId}"]`)
    .getByTestId('manage-liquidity')
    .click()
  await expect(page).toHaveURL(/\/earn\/liquidity-mining\?tab=my-liquidity$/)

  // Remove: the quote, then the position turns RemovePending until the next settlement.
  await expect(page.getByRole('tab', { name: 'My liquidity' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  const card = added
  await card.getByRole('button', { name: 'Remove' }).click()
  await expect(dialog.getByTestId('swap-quote-receive')).toContainText('BTC')
  await dialog.getByRole('button', { name: 'Confirm removal' }).click()
  await expect(dialog.getByTestId('liquidity-success')).toHaveText(/Removal requested/)
  await dialog.getByRole('button', { name: 'Done' }).click()
  // Removing… (and no second removal) until the next settlement. The server's clock is shared:
  // a journey on another project that moves it settles the removal first; the card then goes.
  const removeButton = card.getByRole('button', { name: 'Remove' })
  await expect
    .poll(async () =>
      (await card.count()) === 0
        ? 'settled'
        : `${await card.getByTestId('liquidity-state').innerText()}, ${(await removeButton.isDisabled()) ? 'disabled' : 'enabled'}`,
    )
    .toMatch(/^(Removing liquidity…, disabled|settled)$/)
  await expectNoHorizontalScroll(page)
})
