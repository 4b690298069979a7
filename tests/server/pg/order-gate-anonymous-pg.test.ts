import { afterAll, beforeAll, expect, it } from 'vitest'
import { OrderRetCode } from '../../../contract/order-ret-codes'
import { RetCode } from '../../../contract/ret-codes'
import { killStartedServers } from '../../support/server-process'
import { loginCookie, post, securityServerForFile, type SecurityServer } from '../security/support'

// The attack: in a launch rush, a flood of pay-orders without a session. Each took a turn at
// the order gate (PAY_ORDER_CONCURRENCY) before its session was read, so it pushed buyers who
// can pay past the gate's deadline (315), and was itself answered 315 rather than 10007.
// PostgreSQL only: on PGlite every statement holds the event loop, so requests wait before
// the gate rather than in it (docs/performance.md, Run Y).

afterAll(() => killStartedServers())

// One order at a time, and a turn waited for longer than 100 ms is answered 315: a queue of
// logged-in orders outlasts the deadline within a few of them.
const file = securityServerForFile('demo', {
  TEST_MODE: '1',
  PAY_ORDER_CONCURRENCY: '1',
  PAY_ORDER_MAX_WAIT_MS: '100',
})
let server: SecurityServer
let cookie: string
beforeAll(async () => {
  server = file()
  cookie = await loginCookie(server.url, 'kyc2@earn.test')
})

const payOrder = (id: string, headers: Record<string, string>) =>
  post(
    server.url,
    '/s1/byfi/pay-order',
    { order_id: id, product_id: 'flex-usdt', amount: '1' },
    headers,
  )

it('pay-orders without a session are answered 10007 at once while buyers queue at the gate', async () => {
  expect(process.env.TEST_DATABASE_URL, 'run under scripts/with-postgres.sh').toBeTruthy()
  const run = Date.now()
  const buyers = Array.from({ length: 60 }, (_, i) => payOrder(`gate-${run}-${i}`, { cookie }))
  // The buyers' requests are in the gate's queue before the flood arrives.
  await new Promise((r) => setTimeout(r, 30))
  const flood = [
    ...Array.from({ length: 20 }, (_, i) => payOrder(`anon-${run}-${i}`, {})),
    ...Array.from({ length: 20 }, (_, i) =>
      payOrder(`forged-${run}-${i}`, { usertoken: `not-a-session-${i}` }),
    ),
  ]
  const floodAnswers = await Promise.all(flood)
  const buyerAnswers = await Promise.all(buyers)
  const codes = (answers: typeof floodAnswers) => {
    const out: Record<string, number> = {}
    for (const a of answers) out[a.body.ret_code] = (out[a.body.ret_code] ?? 0) + 1
    return out
  }
  console.log('[gate] buyers', codes(buyerAnswers), 'without a session', codes(floodAnswers))
  // The gate was full while the flood arrived: some buyers waited past its deadline.
  expect(
    buyerAnswers.filter((a) => a.body.ret_code === OrderRetCode.RateLimit).length,
  ).toBeGreaterThan(0)
  expect(buyerAnswers.some((a) => a.body.ret_code === RetCode.OK)).toBe(true)
  // Every call without a session: 10007, none answered "busy".
  expect(codes(floodAnswers)).toEqual({ [RetCode.LoginExpired]: 40 })
})
