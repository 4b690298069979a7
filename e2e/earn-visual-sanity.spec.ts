import { PAGE_KEYS } from '../contract/enums'
import { expect, test } from './support/fixtures'
import { sweepRoutes } from './support/visual-sanity'

// Issue 17's visual sanity: every route at 320, 390, 768, 1280 and 1920 px, light and dark:
// nothing wider than the screen, no word-per-line columns, every coin on a card, position or
// record with its loaded icon, numbers grouped and trimmed, axe clean. Outside CI each state's
// screenshot (JPEG, full page) is kept in the test's output folder. The sweep:
// e2e/support/visual-sanity.ts.
//
// Who judges what (docs/ui.md "Visual sanity"): pc sweeps every route from 390 px (Telegram
// Desktop's narrow frame, a desktop user agent) to 1920, in both themes, with axe at 1280 px
// (the desktop layout). The phone projects sweep the phone widths (320, 390) with axe at 390 px
// (the phone layout): h5, the phone browser, takes the page keys, home in ar-SA and login (this
// file); ios_tg, the phone inside Telegram with its palette and buttons, takes the sections, one
// product of each type and the signed-in pages (earn-visual-sanity-detail.spec.ts). Every route
// is so judged in both layouts and both themes, and at every width, once each.

test.describe.configure({ timeout: 300_000 })

/**
 * The routes in groups, each its own test: one sweep of them all took 2.4 min on pc under load,
 * so each group keeps the whole timeout to itself.
 */
const ROUTE_GROUPS: Record<string, string[]> = {
  'every page key': PAGE_KEYS.map((key) => `/earn/${key}`),
  'home in ar-SA and login': ['/ar-SA/earn/home', '/en/login'],
}

for (const [group, routes] of Object.entries(ROUTE_GROUPS)) {
  test(`${group}: every width and theme`, async ({ page, openEarn }, testInfo) => {
    expect(await sweepRoutes(page, openEarn, testInfo, routes)).toEqual([])
  })
}
