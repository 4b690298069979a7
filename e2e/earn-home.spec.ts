import { expect, test } from './support/fixtures'
import { openAs } from './earn-journey-helpers'
import { listedProduct } from './support/served-view'

test('home filters by coin, product type and search, kept in the URL', async ({
  page,
  openEarn,
}) => {
  await openEarn('/earn/home')
  await expect(page.getByTestId('home-banner')).toBeVisible()
  const coins = page.getByRole('group', { name: 'Filter by coin' })
  await coins.getByRole('button', { name: 'BTC', exact: true }).click()
  await expect(page).toHaveURL(/[?&]coin=BTC/)
  await expect(coins.getByRole('button', { name: 'BTC', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  const cards = page.getByTestId('product-card')
  await expect(cards.first()).toBeVisible()
  for (const text of await cards.getByTestId('product-coin').allInnerTexts())
    expect(text).toBe('BTC')

  await page
    .getByRole('group', { name: 'Filter by product type' })
    .getByRole('button', { name: 'Flexible Savings' })
    .click()
  await expect(page).toHaveURL(/[?&]type=4/)
  await expect(cards).toHaveCount(1)
  await expect(cards).toHaveAttribute('data-product-id', 'flex-btc')

  // A reload keeps the filters; an invalid type is dropped, never trusted.
  await page.goto('/earn/home?search=sol&type=999')
  await expect(page.getByLabel('Search products')).toHaveValue('sol')
  await expect(cards.first()).toBeVisible()
  for (const text of await cards.getByTestId('product-coin').allInnerTexts())
    expect(text).toBe('SOL')
})

test('liquidity mining tabs are a validated search param', async ({ page, openEarn }) => {
  await openEarn('/earn/liquidity-mining?tab=swap')
  const tabs = page.getByRole('tablist', { name: 'Liquidity mining' })
  await expect(tabs.getByRole('tab', { name: 'Swap' })).toHaveAttribute('aria-selected', 'true')
  await tabs.getByRole('tab', { name: 'Pools' }).click()
  await expect(page).toHaveURL(/[?&]tab=pool-list/)
  await expect(page.getByTestId('product-type-facts').first()).toHaveAttribute(
    'data-product-id',
    /^liq-/,
  )
  await page.goto('/earn/liquidity-mining?tab=nonsense')
  await expect(tabs.getByRole('tab', { name: 'Pools' })).toHaveAttribute('aria-selected', 'true')
})

test('every §1 section lists its own products', async ({ page, openEarn }) => {
  const expected: [string, string, RegExp][] = [
    ['/earn/double-win', 'Double Win', /^doublewin-/],
    ['/earn/discount-buy', 'Discount Buy', /discount-/],
    ['/earn/smart-leverage', 'Smart Leverage', /^futureboost-/],
    ['/earn/pos', 'On-chain Staking', /^pos-/],
    ['/earn/wealth-management', 'Wealth Management', /^(wealth|fundpool|networth)-/],
    ['/earn/private-wealth', 'Private Wealth', /^(wealth|fundpool)-/],
  ]
  await openEarn('/earn/home')
  for (const [path, title, ids] of expected) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    const cards = page.getByTestId('product-card')
    await expect(cards.first()).toBeVisible()
    for (const id of await cards.evaluateAll((els) =>
      els.map((e) => e.getAttribute('data-product-id')),
    ))
      expect(id).toMatch(ids)
  }
})

test('structured products are gray-released: whitelisted users see them, visitors do not', async ({
  page,
  openEarn,
  context,
}, testInfo) => {
  await openEarn('/earn/home')
  if (testInfo.project.name.endsWith('_tg')) await context.clearCookies()
  await page.goto('/earn/structured-product')
  await expect(page.getByText('No products here yet.')).toBeVisible()
  await openAs(page, openEarn, 'insider@earn.test', '/earn/structured-product')
  await expect(listedProduct(page, 'structured-eth')).toBeVisible()
})

test('dual asset shows target, direction, settlement, a live benchmark and candles', async ({
  page,
  openEarn,
}) => {
  await openEarn('/earn/dual-asset-mining')
  const facts = page.locator('[data-testid="product-type-facts"][data-product-id="dual-btc-low"]')
  await expect(facts).toContainText('Target price')
  await expect(facts).toContainText('Buy low')
  await expect(facts).toContainText('Settlement')
  // The benchmark comes from the earn socket's dual_asset.benchmark_price topic.
  await expect(facts.getByTestId('benchmark-price')).toHaveText(/^\d{1,3}(,\d{3})*(\.\d+)?$/)
  const intervals = facts.getByRole('group', { name: 'Candle interval' })
  await expect(intervals.getByRole('button')).toHaveCount(15)
  await intervals.getByRole('button', { name: '1M', exact: true }).click()
  await expect(intervals.getByRole('button', { name: '1M', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  // Candlesticks: a wick and a body per candle, rising and falling ones coloured apart.
  await expect(facts.locator('[data-candle]').first()).toBeVisible()
  expect(await facts.locator('[data-candle]').count()).toBeGreaterThan(10)
  expect(await facts.locator('[data-candle] rect').count()).toBe(
    await facts.locator('[data-candle]').count(),
  )
})

test('double-win, discount-buy and smart leverage show their terms and a live index price', async ({
  page,
  openEarn,
}) => {
  const expected: [string, string, string, string][] = [
    ['/earn/double-win', 'doublewin-btc', 'Price range', '±5%'],
    ['/earn/discount-buy', 'discount-eth', 'Discount', '5%'],
    ['/earn/smart-leverage', 'futureboost-btc', 'Leverage', '5x'],
  ]
  await openEarn('/earn/home')
  for (const [path, id, term, value] of expected) {
    await page.goto(path)
    const facts = page.locator(`[data-testid="product-type-facts"][data-product-id="${id}"]`)
    await expect(facts).toContainText(term)
    await expect(facts).toContainText(value)
    // The index comes from the earn socket's offer topic of that product type.
    await expect(facts.getByTestId('offer-index-price')).toHaveText(
      /^\d{1,3}(,\d{3})*(\.\d+)? USDT$/,
    )
  }
})

test('liquidity pools show pair, APR and leverage', async ({ page, openEarn }) => {
  await openEarn('/earn/liquidity-mining')
  const facts = page.locator('[data-testid="product-type-facts"][data-product-id="liq-btc-usdt"]')
  await expect(facts).toContainText('Pair')
  await expect(facts).toContainText('/USDT')
  await expect(facts).toContainText('Leverage')
  // Each pool is listed once: a row with its pair and a way in, no card beside it.
  await expect(page.getByTestId('product-card')).toHaveCount(0)
  await expect(page.locator('[data-product-id="liq-btc-usdt"]')).toHaveCount(1)
  await facts.getByTestId('pool-link').click()
  await expect(page).toHaveURL(/\/earn\/product\/liq-btc-usdt$/)
})
