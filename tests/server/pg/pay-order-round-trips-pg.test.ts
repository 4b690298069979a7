import { afterAll, beforeAll, expect, it } from 'vitest'
import { earn, loginDemo, oid } from '../support/earn'
import { recordPgStatements } from '../../support/pg-statements'
import { createTestApp, type TestApp } from '../../support/test-app'

// Issue 28: on the 2-core machine every statement's round trip costs the server a socket write
// and PostgreSQL a wake-up (docs/performance.md, Run Z), so what one pay-order sends is pinned:
// a statement added to the path shows here before it shows in the rush. Counted at the driver
// (every query the pool's clients send, transaction control included) for one warm order.

/**
 * A warm pay-order of a fixed-term product: the session (with the settings), the rate count,
 * then begin, the order's row (with the balance's lock), one last statement, commit.
 */
const PAY_ORDER_ROUND_TRIPS = 6

let t: TestApp
let pgStatements: ReturnType<typeof recordPgStatements>

beforeAll(async () => {
  expect(process.env.TEST_DATABASE_URL, 'run under scripts/with-postgres.sh').toBeTruthy()
  pgStatements = recordPgStatements()
  t = await createTestApp()
})
afterAll(async () => {
  pgStatements?.restore()
  await t?.close()
})

it(`a warm pay-order sends at most ${PAY_ORDER_ROUND_TRIPS} statements, and pays`, async () => {
  const cookie = await loginDemo(t, 'kyc2')
  const order = () => ({ order_id: oid('rt'), product_id: 'fixed-usdt-7', amount: '10' })
  expect((await earn(t, 'pay-order', order(), cookie)).ret_code).toBe(0)
  pgStatements.recording = true
  const paid = await earn(t, 'pay-order', order(), cookie)
  pgStatements.recording = false
  expect(paid.ret_code, paid.ret_msg).toBe(0)
  expect(paid.result.order.status).toBe('success')
  const list = pgStatements.sent.map((s) => s.replace(/\s+/g, ' ').trim().slice(0, 90)).join('\n')
  expect(pgStatements.sent.length, list).toBeLessThanOrEqual(PAY_ORDER_ROUND_TRIPS)
  // The order's transaction: its row with the balance's lock, and one last statement (the
  // holding read, the position, the posting, the final state, the pushes, the quota) before the
  // commit; no savepoint; the replay check rides on the rate count, the biometric keys and the
  // settings on the session's read.
  expect(
    pgStatements.sent.filter(
      (s) => /^\s*insert into "earn_orders"/.test(s) && /for update/.test(s),
    ),
    list,
  ).toHaveLength(1)
  expect(
    pgStatements.sent.filter((s) => /"earn_settings"/.test(s) && !/"sessions"/.test(s)),
    list,
  ).toEqual([])
  expect(
    pgStatements.sent.filter((s) => /^\s*savepoint/i.test(s)),
    list,
  ).toEqual([])
  expect(
    pgStatements.sent.filter(
      (s) => /pg_notify/.test(s) && /remaining_quota/.test(s) && /as holding/.test(s),
    ),
    list,
  ).toHaveLength(1)
})

it('sessions asked for together are read in one statement', async () => {
  const cookie = await loginDemo(t, 'kyc2')
  pgStatements.sent.length = 0
  pgStatements.recording = true
  const answers = await Promise.all(
    Array.from({ length: 50 }, () => earn(t, 'get-risk-acknowledgements', {}, cookie)),
  )
  pgStatements.recording = false
  expect(answers.map((a) => a.ret_code)).toEqual(Array(50).fill(0))
  const reads = pgStatements.sent.filter((s) => /from "sessions"/.test(s))
  console.log(`[round trips] 50 calls at once read their session in ${reads.length} statement(s)`)
  expect(reads.length).toBeGreaterThanOrEqual(1)
  expect(reads.length).toBeLessThanOrEqual(2)
})
