import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { expectNoHorizontalScroll, isTelegram } from './earn-journey-helpers'

// The header by width: from 768 px the web header holds the six families; on a phone web page
// it is one row (the app's mark, the account) and the families sit in the bottom tab bar that
// Telegram also has; inside Telegram there is no web header at all.

/** The six families as a user reads them: the bar holds the last three under "More". */
const FAMILIES = [
  'Earn',
  'Savings',
  'Structured Products',
  'Launchpool',
  'Liquidity Mining',
  'Wealth Management',
]

const box = async (l: Locator) => (await l.boundingBox())!

/** Every family is one tap (or one menu) away in the bottom bar, and lands on its page. */
async function reachThroughTabBar(page: Page) {
  const bar = page.getByTestId('tab-bar')
  for (const name of FAMILIES.slice(0, 3))
    await expect(bar.getByRole('link', { name, exact: true })).toBeVisible()
  await bar.getByRole('button', { name: 'More', exact: true }).click()
  for (const name of FAMILIES.slice(3))
    await expect(bar.getByRole('link', { name, exact: true })).toBeVisible()
  await bar.getByRole('link', { name: 'Liquidity Mining', exact: true }).click()
  await expect(page).toHaveURL(/\/earn\/liquidity-mining/)
  await expect(bar.getByRole('button', { name: 'More', exact: true })).toHaveAttribute(
    'aria-expanded',
    'false',
  )
}

test('the header fits its width: six families on a wide screen, one row and a tab bar on a phone', async ({
  page,
  openEarn,
}, testInfo) => {
  await openEarn('/earn/home')
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  const header = page.locator('header')
  const bar = page.getByTestId('tab-bar')

  if (isTelegram(testInfo.project.name)) {
    // Telegram's own header is above the app: no second one, the same bar at the bottom.
    await expect(header).toHaveCount(0)
    await expect(bar).toBeVisible()
    await reachThroughTabBar(page)
    return
  }

  await page.setViewportSize({ width: 1280, height: 800 })
  const nav = page.locator('header nav')
  for (const name of FAMILIES)
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible()
  await expect(bar).toBeHidden()
  expect((await box(header)).height).toBeLessThanOrEqual(60)

  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 760 })
    // One row: the app's mark and the account; the families are not in the header.
    await expect(header.getByRole('link', { name: 'Earn home' })).toBeVisible()
    await expect(nav).toBeHidden()
    expect((await box(header)).height).toBeLessThanOrEqual(60)
    await expect(bar).toBeVisible()
    const barBox = await box(bar)
    expect(barBox.y + barBox.height).toBeCloseTo(760, 0)
    // The page's end scrolls clear of the bar.
    const room = await page.evaluate(() =>
      parseFloat(getComputedStyle(document.querySelector('main')!).paddingBottom),
    )
    expect(room).toBeGreaterThanOrEqual(barBox.height)
    await expectNoHorizontalScroll(page)
  }
  await reachThroughTabBar(page)
  await header.getByRole('link', { name: 'Earn home' }).click()
  await expect(page).toHaveURL(/\/earn\/home$/)
})
