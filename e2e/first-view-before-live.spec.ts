import type { Page } from '@playwright/test'
import { COINS_PATH } from '../contract/paths'
import { expect, test } from './support/fixtures'
import { consoleErrors, listedProduct } from './support/served-view'

// Issue 25: the served view is complete and usable before the entry has run. The entry's
// download is held back by the test, so nothing below can come from the client's code.

const ENTRY = /\/assets\/index-[\w-]+\.js$/

/**
 * The browser's own goto, done at the response: the fixture's waits for the page to be live, and
 * DOMContentLoaded waits for the (held) module entry.
 */
const gotoServed = (page: Page, path: string) =>
  (Object.getPrototypeOf(page) as Page).goto.call(page, path, { waitUntil: 'commit' })

test('the served view shows coin icons, and a served product link opens it, before live', async ({
  page,
}) => {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  const entryAsked: string[] = []
  await page.route(ENTRY, async (route) => {
    entryAsked.push(route.request().url())
    await held
    // A page left before the release has no use for its entry any more.
    await route.continue().catch(() => {})
  })
  const live = page.locator('html[data-live]')
  try {
    for (const path of ['/earn/home', '/earn/product/fixed-usdt-7']) {
      await gotoServed(page, path)
      const icon = page.getByTestId('coin-icon').first()
      await expect(icon).toBeVisible()
      // The icon itself is drawn, not only its box: the image has loaded.
      await expect
        .poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0)
      await expect(live).toHaveCount(0)
    }
    // The entry was asked for from the start (its preload), and is still held.
    expect(entryAsked.length).toBeGreaterThan(0)

    // A product link of the served view is a real link: followed by the browser before live.
    await gotoServed(page, '/earn/home')
    const link = page.locator('#root a[href*="/earn/product/"]').first()
    const href = await link.getAttribute('href')
    expect(href).toMatch(/\/earn\/product\/[\w-]+$/)
    await expect(live).toHaveCount(0)
    await link.click()
    await expect(page).toHaveURL(new RegExp(`${href!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
    await expect(page.getByTestId('product-summary')).toBeVisible()
    await expect(page.getByTestId('coin-icon').first()).toBeVisible()
    await expect(live).toHaveCount(0)
  } finally {
    release()
  }
  // Released, the same pages turn live (the fixture's goto waits for it).
  await page.goto('/earn/product/fixed-usdt-7')
  await expect(live).toHaveCount(1)
})

/** Holds the entry's download until the returned release is called. */
async function holdEntry(page: Page) {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(ENTRY, async (route) => {
    await held
    await route.continue().catch(() => {})
  })
  return release
}

test('a filter tapped before live is applied once the page is live', async ({ page }) => {
  const release = await holdEntry(page)
  const errors = consoleErrors(page)
  const live = page.locator('html[data-live]')
  const coins = page.getByRole('group', { name: 'Filter by coin' })
  const btc = coins.getByRole('button', { name: 'BTC', exact: true })
  try {
    await gotoServed(page, '/earn/home')
    await expect(btc).toHaveAttribute('aria-pressed', 'false')
    // The served view has no handlers yet: the shell's script holds the taps, each button where
    // it was last tapped (BTC, USDT, BTC: the visitor ends on BTC).
    await btc.click()
    await coins.getByRole('button', { name: 'USDT', exact: true }).click()
    await btc.click()
    await expect(live).toHaveCount(0)
    expect(new URL(page.url()).searchParams.get('coin')).toBeNull()
    await expect(btc).toHaveAttribute('aria-pressed', 'false')
  } finally {
    release()
  }
  await expect(live).toHaveCount(1)
  // Live, the held taps land on the nodes hydration adopted: the list is filtered by BTC.
  await expect(page).toHaveURL(/[?&]coin=BTC(&|$)/)
  await expect(btc).toHaveAttribute('aria-pressed', 'true')
  await expect(listedProduct(page, 'flex-btc')).toBeVisible()
  await expect(listedProduct(page, 'flex-usdt')).toHaveCount(0)
  // After live a tap is the app's own at once.
  await coins.getByRole('button', { name: 'All coins' }).click()
  await expect(btc).toHaveAttribute('aria-pressed', 'false')
  await expect(listedProduct(page, 'flex-usdt')).toBeVisible()
  expect(errors).toEqual([])
})

test('a toggle tapped twice before live is replayed once, not opened and closed', async ({
  page,
}) => {
  const release = await holdEntry(page)
  const more = page.locator('#root button[aria-label="More in Savings"]:visible')
  try {
    await gotoServed(page, '/earn/home')
    await expect(more).toHaveAttribute('aria-expanded', 'false')
    await more.click()
    await more.click()
    await expect(page.locator('html[data-live]')).toHaveCount(0)
  } finally {
    release()
  }
  await expect(page.locator('html[data-live]')).toHaveCount(1)
  await expect(more).toHaveAttribute('aria-expanded', 'true')
})

test('a wide screen fetches the product table beside the entry, a phone never; no page asks for the coin list', async ({
  page,
}) => {
  const wide = (page.viewportSize()?.width ?? 0) >= 992
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  let entryAsked = false
  await page.route(ENTRY, async (route) => {
    entryAsked = true
    await held
    await route.continue().catch(() => {})
  })
  const asked: string[] = []
  page.on('request', (r) => asked.push(new URL(r.url()).pathname))
  const table = () => asked.filter((p) => /\/assets\/product-table-[\w-]+\.js$/.test(p)).length
  try {
    await gotoServed(page, '/earn/home')
    await expect(page.getByTestId('coin-icon').first()).toBeVisible()
    await expect.poll(() => entryAsked).toBe(true)
    // The table's preload carries the lg media query: asked for with the entry from 992 px up,
    // while the entry is still held (so no code of ours asked for it).
    if (wide) await expect.poll(table).toBe(1)
    else expect(table()).toBe(0)
    await expect(page.locator('html[data-live]')).toHaveCount(0)
  } finally {
    release()
  }
  await expect(page.locator('html[data-live]')).toHaveCount(1)
  await page.waitForLoadState('networkidle')
  // The preload was the table's one download; a phone still has none after live.
  expect(table()).toBe(wide ? 1 : 0)
  // The served view's coin list seeded the client's: no get-coins call at load.
  expect(asked.filter((p) => p.endsWith(COINS_PATH))).toEqual([])
})
