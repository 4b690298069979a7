import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NOT_RELEASED_EXT_CODE } from '../../../contract/gray-release'
import { OrderRetCode } from '../../../contract/order-ret-codes'
import { RetCode } from '../../../contract/ret-codes'
import { openDatabase } from '../../../server/db/client'
import { earnOrders } from '../../../server/db/schema'
import { killStartedServers } from '../../support/server-process'
import { DEMO_IDS } from '../support/earn'
import { loginCookie, post, securityServerForFile, type SecurityServer } from './support'

// Issue 24, item 5: gray release enforced by the server. The demo stages structured products
// Internal (whitelist: insider) and launchpool Stage2 (ids ending 1, 3, 5, 7, 9). Before, an
// excluded user opened and bought them by URL: get-product-detail, preview-order and pay-order
// of structured-eth answered 0 for kyc2 as for insider.

afterAll(() => killStartedServers())

const file = securityServerForFile('demo', { TEST_MODE: '1' })
let server: SecurityServer
const cookies: Record<string, string> = {}
beforeAll(async () => {
  server = file()
  for (const who of ['insider', 'kyc2', 'kyc1', 'kyc0'])
    cookies[who] = await loginCookie(server.url, `${who}@earn.test`)
})

const earn = (call: string, body: unknown, who?: string) =>
  post(server.url, `/s1/byfi/${call}`, body, who ? { cookie: cookies[who]! } : {})
let seq = 0
const orderId = () => `gray-${Date.now()}-${++seq}`

/** The three calls on one product as one user: their ret_codes and ext_codes. */
async function threeCalls(who: string | undefined, productId: string, amount: string) {
  const answers = [
    await earn('get-product-detail', { product_id: productId }, who),
    await earn('preview-order', { product_id: productId, amount }, who),
    await earn('pay-order', { order_id: orderId(), product_id: productId, amount }, who),
  ]
  return {
    codes: answers.map((a) => a.body.ret_code as number),
    ext: answers.map((a) => a.body.ext_code as string),
  }
}

const REFUSED = [OrderRetCode.NotEligible, OrderRetCode.NotEligible, OrderRetCode.NotEligible]

describe('a staged product refuses the users its stage does not include', () => {
  it('Internal (structured-eth): the whitelisted user 0, a non-whitelisted one 334 on all three calls', async () => {
    const included = await threeCalls('insider', 'structured-eth', '0.1')
    const excluded = await threeCalls('kyc2', 'structured-eth', '0.1')
    console.log(
      `[security] structured-eth (Internal): insider ${included.codes.join(',')}; kyc2 ${excluded.codes.join(',')} (${excluded.ext[0]})`,
    )
    expect(included.codes).toEqual([RetCode.OK, RetCode.OK, RetCode.OK])
    expect(excluded.codes).toEqual(REFUSED)
    expect(excluded.ext).toEqual([
      NOT_RELEASED_EXT_CODE,
      NOT_RELEASED_EXT_CODE,
      NOT_RELEASED_EXT_CODE,
    ])
  })

  it('Stage2 (launch-ton): an id ending in 1 passes, one ending in 2 and a visitor are refused', async () => {
    const included = await threeCalls('kyc1', 'launch-ton', '1')
    const excluded = await threeCalls('kyc0', 'launch-ton', '1')
    const visitor = await earn('get-product-detail', { product_id: 'launch-ton' })
    console.log(
      `[security] launch-ton (Stage2): kyc1 ${included.codes.join(',')}; kyc0 ${excluded.codes.join(',')}; visitor ${visitor.body.ret_code}`,
    )
    expect(included.codes).toEqual([RetCode.OK, RetCode.OK, RetCode.OK])
    expect(excluded.codes).toEqual(REFUSED)
    expect(visitor.body.ret_code).toBe(OrderRetCode.NotEligible)
  })

  it('products no scene gates stay open to everyone (flex-usdt for kyc2 and a visitor)', async () => {
    expect((await earn('get-product-detail', { product_id: 'flex-usdt' })).body.ret_code).toBe(0)
    expect((await threeCalls('kyc2', 'flex-usdt', '10')).codes).toEqual([0, 0, 0])
  })

  it('a refused pay-order writes nothing: no order row, no place in the rate window', async () => {
    await earn('test/earn-setting', { name: 'order_rate_limit_per_minute', value: '1' })
    await earn('test/advance-clock', { seconds: 61 })
    for (let i = 0; i < 3; i++) {
      const res = await earn(
        'pay-order',
        { order_id: orderId(), product_id: 'structured-eth', amount: '0.1' },
        'kyc2',
      )
      expect(res.body.ret_code).toBe(OrderRetCode.NotEligible)
    }
    // The refusals took no place in the one-a-minute window: the next allowed order passes.
    const allowed = await earn(
      'pay-order',
      { order_id: orderId(), product_id: 'flex-usdt', amount: '10' },
      'kyc2',
    )
    expect(allowed.body.ret_code).toBe(0)
    await server.stop()
    const handle = await openDatabase(server.database)
    try {
      const [orders] = await handle.db
        .select({ n: sql<number>`count(*)::int` })
        .from(earnOrders)
        .where(
          and(eq(earnOrders.userId, DEMO_IDS.kyc2), eq(earnOrders.productId, 'structured-eth')),
        )
      console.log(
        `[security] 3 refused pay-orders of structured-eth at 1 a minute: ${orders!.n} order rows; the next allowed order answered ${allowed.body.ret_code}`,
      )
      expect(orders!.n).toBe(0)
    } finally {
      await handle.close()
    }
  }, 120_000)
})
