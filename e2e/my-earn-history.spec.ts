import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { ProductType } from '../contract/enums'
import { expect, test } from './support/fixtures'
import { expectNoHorizontalScroll, loginAs, openAs } from './earn-journey-helpers'
import { advanceServerClock, earnApi } from './my-earn-helpers'
import { holdingServerClock } from './support/server-clock-lock'

// Closed positions (issue 16, "dual-asset failure text for stage Failed 4"): a dual-asset
// settlement that finds no index price fails, refunds the principal and closes the position;
// the history shows it with the failure text and the refunded amount, beside one that settled.

/** One user per project: the settlement and the refund are each project's own. */
const USER: Record<string, string> = {
  pc: 'insider@earn.test',
  ios_tg: 'kyc1@earn.test',
}
const DUAL = 'dual-btc-low'
const DAY_S = 86_400
/** Text without the bidi isolation marks and no-break spaces of amounts in sentences. */
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '').replace(/\u00a0/g, ' ')

type Order = { order: { position_id: string } }

async function subscribeDual(page: Page, amount: string): Promise<string> {
  // Structured products are paid only once their risk is acknowledged (once per type; kept).
  await earnApi(page, 'acknowledge-risk', { product_type: ProductType.Dual })
  const preview = await earnApi<{ quote: { price: string } }>(page, 'preview-order', {
    product_id: DUAL,
    amount,
  })
  const paid = await earnApi<Order>(page, 'pay-order', {
    order_id: `hist-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`,
    product_id: DUAL,
    amount,
    quote_price: preview.quote.price,
  })
  return paid.order.position_id
}

/**
 * A dual position whose settlement will find no BTC price: the test-only price gap sits at its
 * settlement instant. Another project moving the clock three days between the subscription and
 * the gap would settle it first (status no longer active): then subscribe again (bounded).
 */
async function dualThatWillFail(page: Page): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const id = await subscribeDual(page, '1000')
    const gap = await earnApi<{ status: string }>(page, 'test/price-gap', { position_id: id })
    if (gap.status === 'active') return id
  }
  throw new Error('every dual position settled before its price gap was set')
}

test('a failed dual settlement shows in the history with its refund, beside a settled one', async ({
  page,
  openEarn,
}, testInfo) => {
  test.setTimeout(90_000)
  // The same users as the my-earn journey, whose balances and yield it reads: the two never
  // interleave (the journey holds the clock lock for its whole run too).
  await holdingServerClock(async () => {
    const email = USER[testInfo.project.name]!
    await openAs(page, openEarn, email, '/earn/orders?status=success')
    const settledId = await subscribeDual(page, '100')
    const failedId = await dualThatWillFail(page)
    // Past the three-day term: the settlement job runs with the clock.
    await advanceServerClock(page, 3 * DAY_S + 60)

    // Other projects move the shared server clock too: log in afresh before reading.
    await page.goto('about:blank')
    await loginAs(page, email)
    await page.goto('/earn/orders?status=success')
    await page.getByTestId('history-link').click()
    await expect(page).toHaveURL(/\/earn\/history\?tab=all$/)
    await expect(page.getByRole('heading', { name: 'Closed positions' })).toBeVisible()

    const failed = page.locator(`[data-testid="closed-position"][data-position-id="${failedId}"]`)
    await expect(failed).toHaveAttribute('data-outcome', 'failed')
    await expect(failed.getByTestId('closed-position-outcome')).toHaveText('Settlement failed')
    // Amounts in sentences are bidi-isolated (FSI … PDI) so they keep their order in RTL.
    expect(plain(await failed.getByTestId('closed-position-failure').innerText())).toBe(
      'Settlement failed: no index price was available at expiry. Your 1,000 USDT was returned to your Funding account.',
    )
    await expect(failed.getByTestId('closed-position-amount')).toHaveText('1,000 USDT')
    await expect(failed.getByTestId('closed-position-received')).toHaveText('1,000 USDT')
    await expect(failed).toContainText('USDT · Dual Asset')
    expect(plain(await failed.innerText())).toContain('Buy low BTC at 92,000 USDT')
    // The coin is named with its icon, and the icon loaded.
    await expect
      .poll(() =>
        failed
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0)

    const settled = page.locator(`[data-testid="closed-position"][data-position-id="${settledId}"]`)
    await expect(settled).toHaveAttribute('data-outcome', 'settled')
    await expect(settled.getByTestId('closed-position-outcome')).toHaveText('Settled')
    await expect(settled.getByTestId('closed-position-amount')).toHaveText('100 USDT')
    // Paid in BTC (the index at or under 92,000) or in USDT with the yield: either way it says so.
    const received = await settled.getByTestId('closed-position-received').innerText()
    expect(received).toMatch(/^(0\.\d+ BTC|100\.\d+ USDT)$/)
    expect(plain(await settled.getByTestId('closed-position-settlement').innerText())).toMatch(
      new RegExp(
        `^Settled in ${received.endsWith('BTC') ? 'BTC' : 'USDT'} at an index price of [\\d,.]+ USDT\\.$`,
      ),
    )
    await expect(settled.getByTestId('closed-position-failure')).toHaveCount(0)
    await expectNoHorizontalScroll(page)
    const violations = (await new AxeBuilder({ page }).analyze()).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    )
    expect(violations).toEqual([])

    // The product tabs live in the URL: Savings holds neither, Dual Asset both.
    await page.getByRole('tab', { name: 'Savings' }).click()
    await expect(page).toHaveURL(/tab=savings/)
    await expect(page.getByRole('tabpanel')).toBeVisible()
    await expect(failed).toHaveCount(0)
    await page.getByRole('tab', { name: 'Dual Asset' }).click()
    await expect(page).toHaveURL(/tab=dual/)
    await expect(failed).toBeVisible()
    await expect(settled).toBeVisible()
    // A reload keeps the tab; an unknown tab falls back to all.
    await page.reload()
    await expect(page.getByRole('tab', { name: 'Dual Asset' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await page.goto('/earn/history?tab=nope')
    await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true')
    await expect(failed).toBeVisible()
  })
})
