import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'

// Issue 26, item 4 (spec §2): a campaign link to earn home, opened as a user opens it (a fresh
// page on the link's address). search fills the search box and filters the list, token picks
// its coin, and both, like sppRef, bring the top banner into view at once; scrollTo brings it
// after 200 ms. pc only (PC_ONLY in playwright.config.ts): no platform changes the rule. The
// window is a short laptop's, so that a filtered list still leaves some page to scroll.

/** Spec §2: scrollTo scrolls to the banner after this long. */
const SCROLL_TO_DELAY_MS = 200

type Arrival = { liveAt: number; scrollYAtLive: number; firstScrollAt?: number }

test.use({ viewport: { width: 1280, height: 560 } })
// Four home loads in the first test: 20 s or more on a loaded two-core machine.
test.describe.configure({ timeout: 60_000 })

/**
 * Notes, from the document's start, when the page went live (`<html data-live>`) and how far
 * it was scrolled then, and when it first scrolled down.
 */
async function watchArrival(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __arrival?: Partial<Arrival> }
    const arrival: Partial<Arrival> = {}
    w.__arrival = arrival
    new MutationObserver((_, observer) => {
      if (!document.documentElement?.hasAttribute('data-live')) return
      arrival.liveAt = performance.now()
      arrival.scrollYAtLive = window.scrollY
      observer.disconnect()
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-live'] })
    addEventListener(
      'scroll',
      () => {
        if (arrival.firstScrollAt === undefined && window.scrollY > 0)
          arrival.firstScrollAt = performance.now()
      },
      { capture: true },
    )
  })
  return () => page.evaluate(() => (window as unknown as { __arrival: Partial<Arrival> }).__arrival)
}

/**
 * The page is scrolled to the banner: its top at its scroll margin from the top of the window,
 * or, when a filtered list leaves too little page below it, scrolled as far as the page goes.
 */
async function expectAtBanner(page: Page) {
  await expect
    .poll(() =>
      page.getByTestId('home-banner').evaluate((el) => {
        const target =
          el.getBoundingClientRect().top +
          window.scrollY -
          parseFloat(getComputedStyle(el).scrollMarginTop)
        const end = document.documentElement.scrollHeight - window.innerHeight
        return {
          scrolledDown: window.scrollY > 0,
          atBanner: Math.abs(window.scrollY - Math.min(target, end)) <= 1,
        }
      }),
    )
    .toEqual({ scrolledDown: true, atBanner: true })
}

async function cardCoins(page: Page) {
  const cards = page.getByTestId('product-card')
  await expect(cards.first()).toBeVisible()
  return cards.getByTestId('product-coin').allInnerTexts()
}

test('search, token and sppRef links open home at its banner, filtered as they say', async ({
  page,
}) => {
  await page.goto('/earn/home?search=sol')
  await expect(page.getByLabel('Search products')).toHaveValue('sol')
  const solCoins = await cardCoins(page)
  expect(solCoins.length).toBeGreaterThan(0)
  expect(new Set(solCoins)).toEqual(new Set(['SOL']))
  await expectAtBanner(page)

  // A campaign's coin, in any case: its chip is the selected one and the list shows only it.
  await page.goto('/earn/home?token=eth')
  const coins = page.getByRole('group', { name: 'Filter by coin' })
  await expect(coins.getByRole('button', { name: 'ETH', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(coins.getByRole('button', { name: 'All coins' })).toHaveAttribute(
    'aria-pressed',
    'false',
  )
  expect(new Set(await cardCoins(page))).toEqual(new Set(['ETH']))
  await expectAtBanner(page)

  // A referral tag filters nothing: every coin stays, the page still opens at the banner.
  await page.goto('/earn/home?sppRef=spring-campaign')
  await expect(page.getByLabel('Search products')).toHaveValue('')
  expect(new Set(await cardCoins(page)).size).toBeGreaterThan(1)
  await expectAtBanner(page)

  // Without any of them the page opens at its top.
  await page.goto('/earn/home?utm_source=mail')
  await expect(page.getByTestId('home-banner')).toBeVisible()
  await page.waitForTimeout(SCROLL_TO_DELAY_MS * 2)
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
})

test('a scrollTo link brings the banner into view 200 ms after the page is live', async ({
  page,
}) => {
  const arrival = await watchArrival(page)
  await page.goto('/earn/home?scrollTo=banner')
  // The scroll itself first: before the cards are in, a short page is "as far as it goes" at 0
  // and reads as at the banner already (a flake in CI R: no scroll yet, NaN below).
  await expect.poll(async () => (await arrival()).firstScrollAt).toBeDefined()
  await expectAtBanner(page)
  const { liveAt, scrollYAtLive, firstScrollAt } = await arrival()
  // Not at once: still at the top when the page went live, and scrolled 200 ms or more after.
  // (The banner hydrates after the page is marked live, so its timer starts after the mark.)
  expect(scrollYAtLive).toBe(0)
  expect(firstScrollAt! - liveAt!).toBeGreaterThanOrEqual(SCROLL_TO_DELAY_MS)
  // Nothing is filtered by it.
  expect(new Set(await cardCoins(page)).size).toBeGreaterThan(1)
})
