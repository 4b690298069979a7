import type { Page } from '@playwright/test'
import { expect } from './support/fixtures'
import { holdingServerClock } from './support/server-clock-lock'

/** Each project holds its own account and coin, so parallel projects never share a balance. */
export const JOURNEY_BY_PROJECT: Record<
  string,
  { email: string; productId: string; coin: string; amount: string }
> = {
  pc: { email: 'insider@earn.test', productId: 'flex-usdt', coin: 'USDT', amount: '500' },
  h5: { email: 'kyc2@earn.test', productId: 'flex-eth', coin: 'ETH', amount: '1' },
  ios_tg: { email: 'kyc1@earn.test', productId: 'flex-btc', coin: 'BTC', amount: '0.1' },
}

/** POSTs an earn call with the page's session and returns its result (ret_code must be 0). */
export async function earnApi<T>(page: Page, call: string, body: object = {}): Promise<T> {
  const res = await page.request.post(`/x-api/s1/byfi/${call}`, { data: body })
  const json = await res.json()
  expect(json.ret_code, `${call}: ${json.ret_msg}`).toBe(0)
  return json.result as T
}

/**
 * Moves the TEST_MODE server clock forward and runs the earn jobs (yield accrual); waits while
 * another spec reads the server's time (support/server-clock-lock.ts).
 */
export const advanceServerClock = (page: Page, seconds: number) =>
  holdingServerClock(() => earnApi(page, 'test/advance-clock', { seconds }))

/** The FUNDING balance of a coin as a number (only for comparisons in assertions). */
export async function fundingBalance(page: Page, coin: string): Promise<number> {
  const { balances } = await earnApi<{ balances: { balance: string }[] }>(
    page,
    'get-user-balance',
    {
      coin,
      account_type: 6,
    },
  )
  return Number(balances[0]?.balance ?? 0)
}

/** The number in a formatted amount ("0.00012345 BTC" → 0.00012345). */
export const amountIn = (text: string) => Number(text.replace(/[^\d.-]/g, ''))
