import type { APIRequestContext } from '@playwright/test'
import { API_PREFIX, earnCallPath } from '../contract/paths'
import { OrderRetCode } from '../contract/order-ret-codes'
import { DEMO_PASSWORD } from '../server/db/seed-identity'
import { E2E_BASE_URL } from './support/constants'
import { expect, test, type Page } from './support/fixtures'
import { listedProduct } from './support/served-view'

// Issue 28: a product selling out while its page is open switches to sold out without a
// reload (the product socket's instrument_info.all push). Another user buys the last of its
// quota through the API; the quota is first cut to one order by the TEST_MODE operator route.

/** A product no other e2e spec opens, so its short sell-out disturbs nobody's page. */
const PRODUCT = 'wealth-usdt'
const MIN_ORDER = '100'
const SEEDED_QUOTA = '12000000'

const call = async (api: APIRequestContext, name: string, body: object) =>
  (await (await api.post(earnCallPath(name), { data: body })).json()) as {
    ret_code: number
    ret_msg: string
  }

/** The product's row in the home list, and its status badge (shown only when not on sale). */
const rowOnList = (page: Page) => listedProduct(page, PRODUCT)
const statusOnList = (page: Page) => rowOnList(page).getByTestId('card-status')

test('the product page switches to sold out when another user buys the last of the quota', async ({
  page,
  openEarn,
  playwright,
}) => {
  // Three page loads and a push that comes within a second or two: over 30 s on a busy machine.
  test.setTimeout(60_000)
  const buyer = await playwright.request.newContext({ baseURL: E2E_BASE_URL })
  try {
    const login = await buyer.post(`${API_PREFIX}/v1/auth/login`, {
      data: { email: 'insider@earn.test', password: DEMO_PASSWORD },
    })
    expect((await login.json()).ret_code).toBe(0)

    // The home list first: the server's product-cards cache now holds the product as on sale.
    await openEarn('/earn/home')
    await expect(rowOnList(page)).toBeVisible()
    await expect(statusOnList(page)).toHaveCount(0)
    await openEarn(`/earn/product/${PRODUCT}`)
    await expect(page.getByTestId('closed-notice')).toHaveCount(0)

    const cut = await call(buyer, 'test/product-quota', {
      product_id: PRODUCT,
      remaining_quota: MIN_ORDER,
    })
    expect(cut.ret_code, cut.ret_msg).toBe(0)
    const paid = await call(buyer, 'pay-order', {
      order_id: `sold-out-live-${Date.now()}`,
      product_id: PRODUCT,
      amount: MIN_ORDER,
    })
    expect(paid.ret_code, paid.ret_msg).toBe(0)
    // The next order is refused: the quota is really gone.
    const late = await call(buyer, 'pay-order', {
      order_id: `sold-out-late-${Date.now()}`,
      product_id: PRODUCT,
      amount: MIN_ORDER,
    })
    expect(late.ret_code).toBe(OrderRetCode.SoldOut)

    // No reload: the open page turns sold out from the socket's push (one a second).
    await expect(page.getByTestId('closed-notice')).toHaveText('This product is sold out.', {
      timeout: 15_000,
    })
    await expect(page.getByRole('button', { name: 'Sold out' })).toBeDisabled()
    // The list opened again (its first view inlined by the server from the product-cards
    // cache, which the quota change invalidated across servers) shows it sold out too.
    await openEarn('/earn/home')
    await expect(statusOnList(page)).toHaveText('Sold out')
  } finally {
    await call(buyer, 'test/product-quota', { product_id: PRODUCT, remaining_quota: SEEDED_QUOTA })
    await buyer.dispose()
  }
})
