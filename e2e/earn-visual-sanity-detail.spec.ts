import { OrderStatus } from '../contract/enums'
import { SECTION_KEYS } from '../src/features/earn-products/sections'
import { expect, test } from './support/fixtures'
import { ready, slug, sweep, sweepRoutes } from './support/visual-sanity'
import { openAs } from './earn-journey-helpers'
import { earnApi } from './my-earn-helpers'

// Issue 17's visual sanity, second half (pc and ios_tg): every section, the detail page of one
// product of each type, the subscribe sheet and the signed-in pages. Who judges what: the
// header of e2e/earn-visual-sanity.spec.ts.

test.describe.configure({ timeout: 300_000 })

test('every section: every width and theme', async ({ page, openEarn }, testInfo) => {
  const routes = SECTION_KEYS.map((key) => `/earn/${key}`)
  expect(await sweepRoutes(page, openEarn, testInfo, routes)).toEqual([])
})

test('the detail page of one product of each type', async ({ page, openEarn }, testInfo) => {
  // From the catalogue as the server lists it (home lists every type), the first of each type.
  const { cards } = await earnApi<{ cards: { product_type: number; product_id: string }[] }>(
    page,
    'get-homepage-product-cards',
  )
  const byType = new Map<number, string>()
  for (const c of cards) if (!byType.has(c.product_type)) byType.set(c.product_type, c.product_id)
  expect(byType.size).toBeGreaterThanOrEqual(10)
  const problems: string[] = []
  let first = true
  for (const [type, id] of byType) {
    const route = `/earn/product/${id}`
    if (first) await openEarn(route)
    else await page.goto(route)
    first = false
    await ready(page)
    problems.push(...(await sweep(page, testInfo, `product-type-${type}`)))
  }
  expect(problems).toEqual([])
})

test('the subscribe sheet and the signed-in pages', async ({ page, openEarn }, testInfo) => {
  // A fixed-term holding in a coin no other journey counts, so positions, orders and records
  // have rows (with icons) to judge; one small order per project run.
  await openAs(page, openEarn, 'kyc1@earn.test', '/earn/home')
  const { cards } = await earnApi<{
    cards: { product_type: number; product_id: string; coin: string }[]
  }>(page, 'get-homepage-product-cards')
  const usdc = cards.find((c) => c.coin === 'USDC')
  expect(usdc, 'a USDC product in the demo catalogue').toBeTruthy()
  await earnApi(page, 'pay-order', {
    order_id: `e2e-visual-${testInfo.project.name}-${Date.now().toString(36)}`,
    product_id: usdc!.product_id,
    amount: '10',
  })
  // And an amount as wide as a real one gets ("1,234.5678 USDT"): at 320 px it squeezed the
  // order's title to 67 px, in CI when another test's order of that width came first.
  await earnApi(page, 'pay-order', {
    order_id: `e2e-long-${testInfo.project.name}-${Date.now().toString(36)}`,
    product_id: 'flex-usdt',
    amount: '1234.5678',
  })
  const problems: string[] = []

  await page.goto(`/earn/product/${usdc!.product_id}`)
  await ready(page)
  // Opened at a phone width, where every layout subscribes through the sheet (a desktop
  // layout may subscribe inline); the sweep then widens the open sheet.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('button', { name: 'Subscribe' }).first().click()
  const sheet = page.getByTestId('subscribe-sheet')
  await expect(sheet.getByTestId('available-balance')).toContainText('USDC')
  problems.push(...(await sweep(page, testInfo, 'subscribe-sheet')))

  const signedIn: [route: string, content: string][] = [
    ['/earn/my-earn', 'position'],
    [`/earn/orders?status=${OrderStatus.Success}`, 'order'],
    ['/earn/wallet-records', 'wallet-record'],
    ['/earn/export', ''],
    ['/earn/settings', 'settings-page'],
  ]
  for (const [route, content] of signedIn) {
    await page.goto(route)
    await ready(page)
    if (content) await expect(page.getByTestId(content).first()).toBeVisible()
    problems.push(...(await sweep(page, testInfo, slug(route))))
  }
  expect(problems).toEqual([])
})
