import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  payBatchScenario,
  payBatchSoldOutScenario,
  payBatchUndoneScenario,
} from '../../support/pay-batch'
import { recordPgStatements } from '../../support/pg-statements'
import { createTestApp, type TestApp } from '../../support/test-app'

// Pay-orders in batches on PostgreSQL (tests/server/pay-order-batch.test.ts runs the scenario on
// PGlite), counted at the driver: a batch's orders share their statements, so the scenario's
// 18 pay-orders send far fewer order transactions than they would one by one.

let t: TestApp
let pgStatements: ReturnType<typeof recordPgStatements>

beforeAll(async () => {
  expect(process.env.TEST_DATABASE_URL, 'run under scripts/with-postgres.sh').toBeTruthy()
  pgStatements = recordPgStatements()
  t = await createTestApp({ config: { PAY_ORDER_CONCURRENCY: 64 } })
})
afterAll(async () => {
  pgStatements?.restore()
  await t?.close()
})

it('pay-orders that arrive together on one product go in batches, in fewer transactions', async () => {
  await payBatchScenario(t, (on) => (pgStatements.recording = on))
  const orderInserts = pgStatements.sent.filter((s) => /^\s*insert into "earn_orders"/.test(s))
  const transactions = pgStatements.sent.filter((s) => /^\s*begin/i.test(s)).length
  console.log(`[pay batch] ${orderInserts.length} order inserts, ${transactions} transactions`)
  // 18 pay-orders: one by one, each is a transaction of its own.
  expect(transactions).toBeLessThan(10)
  expect(orderInserts.some((s) => /\), \(/.test(s))).toBe(true)
}, 60_000)

it('a batch that fails as a whole is undone, and its orders go alone: each paid and counted once', async () => {
  await payBatchUndoneScenario()
}, 60_000)

it("after a batch leaves the quota short, the orders waiting are told sold out without a transaction; a sale's retry is replayed", async () => {
  await payBatchSoldOutScenario()
}, 60_000)
