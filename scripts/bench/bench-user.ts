// The logged-in side of the bench: a demo user with a big balance, positions to list, and
// every seeded coin in its wallet (so my-earn shows a row of live prices per coin).
import { AccountType, WalletRecordType } from '../../contract/enums'
import type { Database } from '../../server/db/client'
import { coins } from '../../server/db/schema'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed-identity'
import { mintEntries, post } from '../../server/modules/earn/ledger'
import { money } from '../../server/modules/earn/money'
import { writeSetting } from '../../server/modules/earn/settings'

export const BENCH_USER = DEMO_ACCOUNTS.find((a) => a.email === 'kyc2@earn.test')!
/** pay-order under load: the smallest order flexible USDT savings takes. */
export const PAY_ORDER_PRODUCT = { product_id: 'flex-usdt', amount: '1' } as const
/** USDT deposited before the bench: 1 USDT an order, far more than 10 s of orders at capacity. */
export const BENCH_DEPOSIT_USDT = '1000000'
/**
 * The operator's per-user pay-order limit (earn_settings, default 600 a minute) raised for the
 * bench, which measures placing orders, not answering 315 to them.
 */
export const BENCH_ORDER_RATE_PER_MINUTE = '1000000'

/** Positions get-positions lists under load: one order on each of these before it starts. */
const POSITION_ORDERS = [
  { product_id: 'flex-usdt', amount: '25' },
  { product_id: 'flex-btc', amount: '0.001' },
  { product_id: 'flex-eth', amount: '0.01' },
  { product_id: 'fixed-usdc-90', amount: '100' },
  { product_id: 'pos-sol', amount: '1' },
]

/** Runs on the seeded database before the bench server starts. */
export async function prepareBenchUser(db: Database): Promise<void> {
  await writeSetting(db, 'order_rate_limit_per_minute', BENCH_ORDER_RATE_PER_MINUTE)
  const rows = await db.select({ name: coins.name }).from(coins)
  const deposits = [
    { coin: 'USDT', amount: BENCH_DEPOSIT_USDT },
    // One unit of every other coin, so each has a holding row with a live price.
    ...rows.filter((c) => c.name !== 'USDT').map((c) => ({ coin: c.name, amount: '1' })),
  ]
  await db.transaction(async (tx) => {
    for (const d of deposits) {
      const amount = money(d.amount)
      await post(tx, {
        userId: BENCH_USER.id,
        kind: WalletRecordType.Deposit,
        coin: d.coin,
        amount,
        at: new Date(),
        entries: mintEntries(BENCH_USER.id, d.coin, AccountType.FUNDING, amount),
      })
    }
  })
}

/**
 * pay-order from several users at once: the demo accounts that may buy flexible USDT, each
 * with its seeded 10,000 USDT (1 USDT an order).
 */
export const PARALLEL_ORDER_USERS = [
  'kyc0@earn.test',
  'kyc1@earn.test',
  'kyc2@earn.test',
  'insider@earn.test',
]

/** Logs a demo user in over HTTP; returns the session token (UserToken header / cookie). */
export async function loginBenchUser(baseUrl: string, email = BENCH_USER.email): Promise<string> {
  const res = await fetch(`${baseUrl}/x-api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  })
  const match = /b_t_c_k_local=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')
  if (!match) throw new Error(`bench login failed: ${res.status} ${await res.text()}`)
  return match[1]!
}

export async function callEarn(baseUrl: string, call: string, body: object, token: string) {
  const res = await fetch(`${baseUrl}/x-api/s1/byfi/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', usertoken: token },
    body: JSON.stringify(body),
  })
  return (await res.json()) as { ret_code: number; ret_msg: string; result: any }
}

/** Opens the positions get-positions will list; returns how many it lists. */
export async function openBenchPositions(baseUrl: string, token: string): Promise<number> {
  const run = Date.now().toString(36)
  for (const [i, order] of POSITION_ORDERS.entries()) {
    const r = await callEarn(
      baseUrl,
      'pay-order',
      { order_id: `bench-pos-${run}-${i}`, ...order },
      token,
    )
    if (r.ret_code !== 0)
      throw new Error(`pay-order ${order.product_id}: ${r.ret_code} ${r.ret_msg}`)
  }
  const listed = await callEarn(baseUrl, 'get-positions', {}, token)
  if (listed.ret_code !== 0) throw new Error(`get-positions: ${listed.ret_msg}`)
  return (listed.result.positions as unknown[]).length
}

/** A unique, valid client order id per request of a load run. */
export const benchOrderId = (run: string, n: number) => `bench-${run}-${n}`
