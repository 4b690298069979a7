import type { Page } from '@playwright/test'
import { OrderRetCode } from '../contract/order-ret-codes'
import { expect, test } from './support/fixtures'
import { openAs, openSubscribe, pressPrimaryAction } from './earn-journey-helpers'
import { earnApi } from './my-earn-helpers'

// Spec §8's order codes as a user meets them: the state that causes each is made for this
// file's own user (codes@earn.test) with a TEST_MODE seam (a personal earn setting, so no other
// test's orders are refused), the user previews or confirms on the product page, and the sheet
// shows the code's message and the action that fixes it. Elsewhere: 303 in
// my-earn-orders.spec.ts, 604 in earn-subscribe-taxation.spec.ts; the table: docs/api.md.
const USER = 'codes@earn.test'
const PRODUCT = '/earn/product/flex-usdt'

type Setting = 'maintenance' | 'order_rate_limit_per_minute' | 'max_pending_orders'
const setting = (page: Page, name: Setting, value: string | null) =>
  earnApi(page, 'test/earn-setting', { name, value, for_me: true })

type Case = {
  code: OrderRetCode
  /** The step the server refuses: Preview (preview-order) or Confirm (pay-order). */
  at: 'Preview' | 'Confirm'
  /** The caller's own setting that makes the state, as if an operator set it meanwhile. */
  state: [Setting, string]
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
]

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
      try {
        if (c.at === 'Confirm') await pressPrimaryAction(page, sheet, 'Preview')
        await setting(page, ...c.state)
        const call = page.waitForResponse(c.at === 'Preview' ? /\/preview-order$/ : /\/pay-order$/)
        await pressPrimaryAction(page, sheet, c.at)
        expect((await (await call).json()).ret_code).toBe(c.code)
      } finally {
        await setting(page, c.state[0], null)
      }
      const failure = sheet.getByTestId('order-failure')
      await expect(failure).toHaveAttribute('data-code', String(c.code))
      await expect(failure.getByRole('alert')).toHaveText(c.message)
      // The action: "Try later" leaves the failure (the sheet closes; the inline panel goes
      // back to its amount).
      await failure.getByRole('button', { name: c.action }).click()
      await expect(failure).toBeHidden()
    })
  }
})
