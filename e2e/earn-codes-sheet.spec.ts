import type { Page, Response } from '@playwright/test'
import { ProductAvailability } from '../contract/enums'
import { NotEligibleExtCode, OrderRetCode } from '../contract/order-ret-codes'
import { expect, test } from './support/fixtures'
import { loginAs, openSubscribe, pressPrimaryAction } from './earn-journey-helpers'
import { earnApi, fundingBalance } from './my-earn-helpers'
import { serverNowSeconds } from './support/telegram'

// The rest of spec §8's order codes on the product page's sheet (earn-codes.spec.ts has 303,
// 315, 336, 600, 602): the user previews, the state changes before Confirm (another tab, an
// operator, the market), and the sheet shows the code's message and its action. This file's
// own user (sheet-codes@earn.test) holds every personal setting and KYC change, so no other
// test's orders see them; each product changed here is one no other e2e test orders.
const USER = 'sheet-codes@earn.test'
// One user whose balance a step compares before and after a refusal: the file's two tests run
// one after the other, or the redeem test's 0.001 BTC in and out lands in between (a CI run
// saw 0.499 against 0.5).
test.describe.configure({ mode: 'default' })
/** The user's seeded APR boost for flexible USDT (server/db/seed-earn.ts: v-<user id>-boost). */
const VOUCHER = 'v-100075-boost'
const KYC_HREF = /\/user\/accounts\/auth\/personal$/

type Detail = { product: { remaining_quota: string } }
type Preview = { quote?: { price: string; quoted_at: number } }

const retCode = async (call: Promise<Response>) => (await (await call).json()).ret_code

/**
 * Opens a product's sheet, enters the amount and previews it; `between` changes the state
 * (its result undoes it, once the screen was read), then Confirm answers `code` and the sheet
 * shows `message`.
 */
async function confirmRefused(
  page: Page,
  o: {
    product: string
    amount: string
    code: OrderRetCode
    message: string
    /** A structured product: the risk acknowledgement is ticked before Preview. */
    structured?: boolean
    between: (preview: Preview) => Promise<() => Promise<unknown>>
  },
) {
  await page.goto(`/earn/product/${o.product}`)
  const sheet = await openSubscribe(page)
  await expect(sheet.getByTestId('available-balance')).toBeVisible()
  await sheet.getByLabel('Amount').fill(o.amount)
  if (o.structured) await sheet.getByRole('checkbox', { name: /^I understand/ }).check()
  const previewed = page.waitForResponse(/\/preview-order$/)
  await pressPrimaryAction(page, sheet, 'Preview')
  const preview = (await (await previewed).json()).result as Preview
  await expect(sheet.getByRole('button', { name: 'Confirm' })).toBeEnabled()
  const restore = await o.between(preview)
  const failure = sheet.getByTestId('order-failure')
  try {
    const paid = page.waitForResponse(/\/pay-order$/)
    await pressPrimaryAction(page, sheet, 'Confirm')
    expect(await retCode(paid)).toBe(o.code)
    await expect(failure).toHaveAttribute('data-code', String(o.code))
    await expect(failure.getByRole('alert')).toHaveText(o.message)
  } finally {
    await restore()
  }
  return { sheet, failure }
}

test('sold out, offline, over the limit, not eligible, price moved, KYC lowered: the message and the action', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await loginAs(page, USER)

  await test.step('302: the quota runs out before Confirm → "See other products"', async () => {
    const product = 'networth-btc'
    const before = await earnApi<Detail>(page, 'get-product-detail', { product_id: product })
    const quota = (remaining: string) =>
      earnApi(page, 'test/product-quota', { product_id: product, remaining_quota: remaining })
    const { failure } = await confirmRefused(page, {
      product,
      amount: '0.01',
      code: OrderRetCode.SoldOut,
      message: 'This product is sold out.',
      between: async () => {
        await quota('0.001')
        return () => quota(before.product.remaining_quota)
      },
    })
    await failure.getByRole('button', { name: 'See other products' }).click()
    await expect(failure).toBeHidden()
  })

  await test.step('325: the operator takes the product offline before Confirm → the page closes its sale', async () => {
    const product = 'networth-btc'
    const offline = (value: boolean) =>
      earnApi(page, 'test/product-quota', { product_id: product, offline: value })
    await page.goto(`/earn/product/${product}`)
    const sheet = await openSubscribe(page)
    await expect(sheet.getByTestId('available-balance')).toBeVisible()
    await sheet.getByLabel('Amount').fill('0.01')
    await pressPrimaryAction(page, sheet, 'Preview')
    await expect(sheet.getByRole('button', { name: 'Confirm' })).toBeEnabled()
    const before = await fundingBalance(page, 'BTC')
    await offline(true)
    try {
      const paid = page.waitForResponse(/\/pay-order$/)
      await pressPrimaryAction(page, sheet, 'Confirm')
      expect(await retCode(paid)).toBe(OrderRetCode.OrderUnavailable)
      // After any answer the sheet reads the product again: it is offline now, so the page
      // closes its sale (the notice, a disabled button) instead of offering the sheet again.
      await expect(page.getByTestId('closed-notice')).toHaveText(
        'Subscription for this product has ended.',
      )
      await expect(page.getByRole('button', { name: 'Ended' })).toBeDisabled()
      await expect(page.getByTestId('subscribe-sheet')).toHaveCount(0)
      expect(await fundingBalance(page, 'BTC')).toBe(before)
    } finally {
      await offline(false)
    }
  })

  await test.step('320: the limit drops under the amount before Confirm → "Change amount"', async () => {
    const cap = (value: string | null) =>
      earnApi(page, 'test/earn-setting', { name: 'max_amount_per_user', value, for_me: true })
    const { sheet, failure } = await confirmRefused(page, {
      product: 'flex-usdt',
      amount: '20',
      code: OrderRetCode.OverLimit,
      message: 'This amount is over the limit for this product.',
      between: async () => {
        await cap('10')
        return () => cap(null)
      },
    })
    await failure.getByRole('button', { name: 'Change amount' }).click()
    await expect(sheet.getByLabel('Amount')).toHaveValue('20')
  })

  await test.step('334: the voucher is used in another tab before Confirm', async () => {
    await page.goto('/earn/product/flex-usdt')
    const sheet = await openSubscribe(page)
    await sheet.getByLabel('Amount').fill('100')
    await sheet.getByLabel('Voucher').selectOption({ label: 'APR boost +2.00%' })
    await pressPrimaryAction(page, sheet, 'Preview')
    await expect(sheet.getByRole('button', { name: 'Confirm' })).toBeEnabled()
    // The other tab: an order of its own with the same voucher.
    await earnApi(page, 'pay-order', {
      order_id: `sheet-codes-voucher-${Date.now()}`,
      product_id: 'flex-usdt',
      amount: '100',
      voucher_id: VOUCHER,
    })
    const paid = page.waitForResponse(/\/pay-order$/)
    await pressPrimaryAction(page, sheet, 'Confirm')
    const answer = await (await paid).json()
    expect(answer.ret_code).toBe(OrderRetCode.NotEligible)
    expect(answer.ret_msg).toContain('voucher')
    expect(answer.ext_code).toBe(NotEligibleExtCode.Voucher)
    // Not "Verify identity" (the account's level is not what is missing): the voucher is, and
    // "Review again" goes back to the form without it.
    const failure = sheet.getByTestId('order-failure')
    await expect(failure).toHaveAttribute('data-code', String(OrderRetCode.NotEligible))
    await expect(failure.getByRole('alert')).toHaveText(
      "This voucher can't be used for this order. Choose another voucher, or subscribe without one.",
    )
    await expect(failure.getByRole('link', { name: 'Verify identity' })).toHaveCount(0)
    await failure.getByRole('button', { name: 'Review again' }).click()
    await expect(sheet.getByLabel('Amount')).toHaveValue('100')
    // The used voucher is no longer offered (the balance's vouchers are read again).
    await expect(sheet.locator('option', { hasText: 'APR boost +2.00%' })).toHaveCount(0)
  })

  // KYC below the product's level never reaches pay-order: Confirm asks check-available first
  // (spec §7), which answers KycLimited, and the page says what the product needs instead.
  await test.step('KYC falls below the product level before Confirm: "Verify identity"', async () => {
    const kyc = (level: number) => earnApi(page, 'test/kyc-level', { kyc_level: level })
    await page.goto('/earn/product/fundpool-usdt')
    const sheet = await openSubscribe(page)
    await sheet.getByLabel('Amount').fill('500')
    await pressPrimaryAction(page, sheet, 'Preview')
    await expect(sheet.getByRole('button', { name: 'Confirm' })).toBeEnabled()
    const paid: string[] = []
    page.on('request', (r) => {
      if (r.url().endsWith('/pay-order')) paid.push(r.url())
    })
    await kyc(1)
    try {
      const checked = page.waitForResponse(/\/check-available$/)
      await pressPrimaryAction(page, sheet, 'Confirm')
      const answer = await (await checked).json()
      expect(answer.result.availability).toBe(ProductAvailability.KycLimited)
      const notice = page.getByTestId('access-notice')
      await expect(notice).toContainText('needs identity verification (KYC level 2)')
      await expect(notice.getByTestId('kyc-current-level')).toHaveText(
        'Your verification level: 1.',
      )
      await expect(notice.getByRole('link', { name: 'Verify identity' })).toHaveAttribute(
        'href',
        KYC_HREF,
      )
      expect(paid).toEqual([])
    } finally {
      await kyc(2)
    }
  })

  await test.step('340: the index moves past the tolerance before Confirm → "Review again"', async () => {
    const { sheet, failure } = await confirmRefused(page, {
      product: 'ultra-discount-sol',
      amount: '20',
      structured: true,
      code: OrderRetCode.QuotePrice,
      message: 'The quoted price has changed. Please review and try again.',
      // SOL's index 2 % off the quote (4 × the tolerance) for the next 15 seconds of the server
      // clock: only this product prices off SOL, and SOL holdings' USD value moves by no more.
      between: async ({ quote }) => {
        expect(quote, 'a priced product previews with a quote').toBeDefined()
        const moved = (Number(quote!.price) * 1.02).toFixed(6)
        const from = await serverNowSeconds()
        for (let s = 0; s < 15; s++)
          await earnApi(page, 'test/pin-price', { coin: 'SOL', at: from + s, price: moved })
        return async () => undefined
      },
    })
    await failure.getByRole('button', { name: 'Review again' }).click()
    await expect(sheet.getByLabel('Amount')).toHaveValue('20')
  })
})

// 304 on the redeem dialog: the position was redeemed in another tab meanwhile.
test('redeem of a position another tab redeemed: 304 and its message', async ({ page }) => {
  test.setTimeout(60_000)
  await loginAs(page, USER)
  const product = 'flex-btc'
  const oid = (tag: string) => `sheet-codes-${tag}-${Date.now()}`
  await earnApi(page, 'pay-order', { order_id: oid('pay'), product_id: product, amount: '0.001' })
  await page.goto('/earn/my-earn')
  const position = page.locator(`[data-testid="position"][data-product-id="${product}"]`).first()
  await position.getByRole('button', { name: 'Redeem' }).click()
  const dialog = page.getByTestId('redeem-dialog')
  await expect(dialog.getByTestId('redeem-receive')).toContainText('BTC')
  const positionId = await position.getAttribute('data-position-id')
  expect(positionId).toBeTruthy()
  // The other tab.
  await earnApi(page, 'redeem', { order_id: oid('redeem'), position_id: positionId })
  const redeemed = page.waitForResponse(/\/redeem$/)
  await dialog.getByRole('button', { name: 'Confirm redemption' }).click()
  expect(await retCode(redeemed)).toBe(OrderRetCode.InsufficientBalanceAlt)
  await expect(dialog.getByRole('alert')).toHaveText(
    'There is nothing left to pay out on this position.',
  )
})
