import { EMAIL_SESSION_IN_TAB_KEY, TELEGRAM_SESSION_KEY } from '../contract/telegram-launch'
import { isTelegram, loginAs } from './earn-journey-helpers'
import { expect, test } from './support/fixtures'
import { listedProduct } from './support/served-view'

test('/earn/launchpool lists the launchpool products with stage, countdown and pool', async ({
  page,
  openEarn,
}, testInfo) => {
  // Launchpool is released to stage 2 (odd user ids): kyc1 is 100011, the Telegram user 5550001.
  if (!isTelegram(testInfo.project.name)) await loginAs(page, 'kyc1@earn.test')
  await openEarn('/earn/launchpool')
  await expect(page.getByRole('heading', { level: 1, name: 'Launchpool' })).toBeVisible()
  const cards = page.getByTestId('product-card')
  await expect(cards).toHaveCount(2)
  expect(
    (await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-product-id')))).sort(),
  ).toEqual(['launch-mnt', 'launch-ton'])
  const mnt = page.locator('[data-testid="product-type-facts"][data-product-id="launch-mnt"]')
  await expect(mnt).toContainText('Pool size')
  await expect(mnt.getByTestId('launch-countdown')).toHaveText(/^\d+d \d\d:\d\d:\d\d$/)
  await expect(listedProduct(page, 'launch-mnt').getByTestId('card-status')).toHaveText(
    'Coming soon',
  )

  // A launch's page: its token sale's state (coin_on_sale_status), and how many hold it, read
  // from get-products-extra-info once the page is up.
  for (const [id, sale] of [
    ['launch-mnt', 'Not started yet'],
    ['launch-ton', 'Live'],
  ] as const) {
    const extra = page.waitForResponse(
      (r) =>
        r.url().endsWith('/get-products-extra-info') &&
        r.request().postDataJSON()?.product_ids?.[0] === id,
    )
    await page.goto(`/earn/product/${id}`)
    await expect(page.getByTestId('coin-sale-status')).toHaveText(sale)
    const [info] = (
      (await (await extra).json()) as { result: { items: { participants: number }[] } }
    ).result.items
    await expect(page.getByTestId('participants')).toHaveText(
      new Intl.NumberFormat('en').format(info!.participants),
    )
  }
})

test('/earn/launchpool shows nothing to a visitor outside the release stage', async ({
  page,
  openEarn,
  context,
}, testInfo) => {
  await openEarn('/earn/launchpool')
  await expect(page.getByRole('heading', { level: 1, name: 'Launchpool' })).toBeVisible()
  if (isTelegram(testInfo.project.name)) {
    // The Telegram user is released (odd id): as a visitor, without the session. Inside Telegram
    // that is a tab whose email session ended: no cookie, and the tab does not log in with
    // Telegram's initData again (preferEmailSessionInTab), nor goes on with the kept token.
    // The launch's login is done first: finishing after the reset, it would keep its token.
    await expect
      .poll(() => page.evaluate((key) => sessionStorage.getItem(key), TELEGRAM_SESSION_KEY))
      .not.toBeNull()
    await context.clearCookies()
    await page.evaluate(
      ([emailKey, telegramKey]) => {
        sessionStorage.setItem(emailKey, '1')
        sessionStorage.removeItem(telegramKey)
      },
      [EMAIL_SESSION_IN_TAB_KEY, TELEGRAM_SESSION_KEY] as const,
    )
    await page.reload()
  }
  await expect(page.getByText('No products here yet.')).toBeVisible()
  await expect(page.getByTestId('product-card')).toHaveCount(0)
})

test('/earn/easy-earn lists flexible and fixed-term products and opens one', async ({
  page,
  openEarn,
}) => {
  await openEarn('/earn/easy-earn')
  const cards = page.getByTestId('product-card')
  await expect(cards.first()).toBeVisible()
  const ids = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-product-id')))
  expect(ids.length).toBeGreaterThanOrEqual(3)
  expect(ids.every((id) => /^(flex|fixed)-/.test(id ?? ''))).toBe(true)
  await listedProduct(page, 'flex-usdt').click()
  await expect(page).toHaveURL(/\/earn\/product\/flex-usdt$/)
  await expect(page.getByRole('heading', { level: 1, name: 'USDT' })).toBeVisible()
})
