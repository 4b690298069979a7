import type { Page } from '@playwright/test'
import { BillExportRetCode, OrderRetCode } from '../contract/order-ret-codes'
import { expect, test } from './support/fixtures'
import { loginAs, openAs, openSubscribe, pressPrimaryAction } from './earn-journey-helpers'
import { earnApi, fundingBalance } from './my-earn-helpers'

// Spec §8's order codes as a user meets them: the state that causes each is made for this
// file's own user (codes@earn.test) with a TEST_MODE seam (a personal earn setting, so no other
// test's orders are refused), the user previews or confirms on the product page, and the sheet
// shows the code's message and the action that fixes it. Elsewhere: 302, 304, 320, 334, 340 in
// earn-codes-sheet.spec.ts, 303 in my-earn-orders.spec.ts, 604 in earn-subscribe-taxation.spec.ts;
// the table: docs/api.md.
const USER = 'codes@earn.test'
const PRODUCT = '/earn/product/flex-usdt'

type Setting = 'maintenance' | 'order_rate_limit_per_minute' | 'max_pending_orders'
const setting = (page: Page, name: Setting, value: string | null) =>
  earnApi(page, 'test/earn-setting', { name, value, for_me: true })

type Case = {
  code: OrderRetCode
  /** The step the server refuses: Preview (preview-order) or Confirm (pay-order). */
  at: 'Preview' | 'Confirm'
  /**
   * What makes the state between Preview and the refused step: the caller's own setting, as if
   * an operator set it meanwhile, or 'spend': another tab subscribes the whole balance.
   */
  state: [Setting, string] | 'spend'
  message: string
  action: string
}

const TRY_LATER = 'Try later'
const CASES: Case[] = [
  {
    code: OrderRetCode.SystemMaintenance,
    at: 'Preview',
    state: ['maintenance', 'on'],
    message: 'The system is under maintenance. Please try again later.',
    action: TRY_LATER,
  },
  {
    code: OrderRetCode.RateLimit,
    at: 'Confirm',
    state: ['order_rate_limit_per_minute', '0'],
    message: 'Too many requests. Please wait a moment and try again.',
    action: TRY_LATER,
  },
  {
    code: OrderRetCode.MaxPendingOrders,
    at: 'Confirm',
    state: ['max_pending_orders', '0'],
    message: 'You have reached the maximum number of pending orders.',
    action: TRY_LATER,
  },
  // Last: the balance is gone afterwards (the e2e server starts on a fresh database).
  {
    code: OrderRetCode.InsufficientBalance,
    at: 'Confirm',
    state: 'spend',
    message: 'Your balance is not enough for this order.',
    action: 'Deposit',
  },
]

/** Makes a case's state; the returned function undoes it (nothing to undo for a spend). */
async function arrange(page: Page, state: Case['state']): Promise<() => Promise<unknown>> {
  if (state !== 'spend') {
    await setting(page, ...state)
    return () => setting(page, state[0], null)
  }
  const amount = String(await fundingBalance(page, 'USDT'))
  await earnApi(page, 'pay-order', {
    order_id: `codes-${Date.now()}`,
    product_id: 'flex-usdt',
    amount,
  })
  return async () => undefined
}

// One page for all the codes: after "Try later" the user tries again with the next state.
test('each order code at its step: the message and the action', async ({ page, openEarn }) => {
  test.setTimeout(60_000)
  await openAs(page, openEarn, USER, PRODUCT)
  const sheet = await openSubscribe(page)
  await expect(sheet.getByTestId('available-balance')).toContainText('USDT')
  for (const c of CASES) {
    await test.step(`${c.code} at ${c.at}`, async () => {
      if (!(await sheet.isVisible())) await openSubscribe(page)
      await sheet.getByLabel('Amount').fill('10')
      let restore = async (): Promise<unknown> => undefined
      try {
        if (c.at === 'Confirm') await pressPrimaryAction(page, sheet, 'Preview')
        restore = await arrange(page, c.state)
        const call = page.waitForResponse(c.at === 'Preview' ? /\/preview-order$/ : /\/pay-order$/)
        await pressPrimaryAction(page, sheet, c.at)
        expect((await (await call).json()).ret_code).toBe(c.code)
      } finally {
        await restore()
      }
      const failure = sheet.getByTestId('order-failure')
      await expect(failure).toHaveAttribute('data-code', String(c.code))
      await expect(failure.getByRole('alert')).toHaveText(c.message)
      // The action: "Try later" leaves the failure (the sheet closes; the inline panel goes
      // back to its amount); "Deposit" leads to the exchange's deposit page.
      if (c.action === TRY_LATER) {
        await failure.getByRole('button', { name: c.action }).click()
        await expect(failure).toBeHidden()
      } else {
        const deposit = failure.getByRole('link', { name: c.action })
        await expect(deposit).toHaveAttribute('href', /\/fiat\/deposit$/)
      }
    })
  }

  // 602: a link to an order that is not (or no longer) the user's: the detail says so.
  const detail = page.waitForResponse(/\/get-order-detail$/)
  await page.goto('/earn/orders?status=success&order=codes-no-such-order')
  expect((await (await detail).json()).ret_code).toBe(OrderRetCode.OrderNotFound)
  await expect(page.getByTestId('order-detail')).toContainText('This order was not found.', {
    timeout: 20_000,
  })
})

// Bill export 303 ("no record", not "insufficient balance" there): a period before the user had
// any wallet record, asked for on the export screen.
test('an export of a period without records: 303 and its message', async ({ page }) => {
  await loginAs(page, USER)
  await page.goto('/earn/export?preset=custom&start=2020-01-01&end=2020-01-07')
  const submitted = page.waitForResponse(/\/submit-bill-export$/)
  await page.getByRole('button', { name: 'Request export' }).click()
  expect((await (await submitted).json()).ret_code).toBe(BillExportRetCode.NoRecord)
  await expect(page.getByRole('alert')).toHaveText('There is no record for this period.')
})
