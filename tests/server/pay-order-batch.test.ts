import { afterAll, beforeAll, it } from 'vitest'
import {
  payBatchScenario,
  payBatchSoldOutScenario,
  payBatchUndoneScenario,
} from '../support/pay-batch'
import { createTestApp, type TestApp } from '../support/test-app'

// Pay-orders in batches on the embedded default (PGlite); tests/server/pg/pay-order-batch-pg.test.ts
// runs the same on PostgreSQL.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ config: { PAY_ORDER_CONCURRENCY: 64 } })
})
afterAll(async () => t?.close())

it('pay-orders that arrive together on one product go in batches, each answered as alone', async () => {
  await payBatchScenario(t)
}, 60_000)

it('a batch that fails as a whole is undone, and its orders go alone: each paid and counted once', async () => {
  await payBatchUndoneScenario()
}, 60_000)

it("after a batch leaves the quota short, the orders waiting are told sold out without a transaction; a sale's retry is replayed", async () => {
  await payBatchSoldOutScenario()
}, 60_000)
