import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { AccountType } from '../../../contract/enums'
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

it('a token shaped as a session but no session waits for no turn: 10007 while the gate is held', async () => {
  expect(process.env.TEST_DATABASE_URL, 'run under scripts/with-postgres.sh').toBeTruthy()
  const run = Date.now()
  // The test holds the buyer's USDT funding row, so the buyer's order takes the gate's only turn
  // and keeps it: everything queued behind it is answered 315 once its 100 ms are up.
  const database = server.database
  if (database.kind !== 'postgres') throw new Error('a PostgreSQL server is needed')
  const db = new pg.Client({ connectionString: database.url })
  await db.connect()
  try {
    await db.query('begin')
    await db.query(
      `select balance from earn_accounts where coin = 'USDT' and account_type = $1
         and user_id = (select id from users where email = 'kyc2@earn.test') for update`,
      [AccountType.FUNDING],
    )
    const holder = payOrder(`held-${run}`, { cookie })
    // The holder has the turn once its order waits for the row (a fixed sleep lost the race on
    // a loaded machine: the order behind it took the turn and the row's wait instead).
    for (let i = 0; i < 500; i++) {
      const { rows } = await db.query(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      )
      if (rows[0].n > 0) break
      await new Promise((r) => setTimeout(r, 10))
    }
    const queued = payOrder(`queued-${run}`, { cookie })
    const unknown = Array.from({ length: 10 }, (_, i) =>
      payOrder(`unknown-held-${run}-${i}`, { usertoken: randomBytes(32).toString('base64url') }),
    )
    const [behind, ...answers] = await Promise.all([queued, ...unknown])
    // The gate was held: the buyer behind the holder got no turn.
    expect(behind.body.ret_code).toBe(OrderRetCode.RateLimit)
    // Their sessions were read before the gate: none of them waited for a turn.
    expect(answers.map((a) => a.body.ret_code)).toEqual(Array(10).fill(RetCode.LoginExpired))
    await db.query('rollback')
    expect((await holder).body.ret_code).toBe(RetCode.OK)
  } finally {
    await db.end()
  }
})

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
    // Shaped as a session token is (32 random bytes, base64url) but no session's: its session
    // is read before the gate, not in a turn.
    ...Array.from({ length: 20 }, (_, i) =>
      payOrder(`unknown-${run}-${i}`, { usertoken: randomBytes(32).toString('base64url') }),
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
  expect(codes(floodAnswers)).toEqual({ [RetCode.LoginExpired]: 60 })
})
