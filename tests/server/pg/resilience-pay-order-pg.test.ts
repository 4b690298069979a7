import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../../../server/db/client'
import { checkLedger } from '../../support/db-state'
import { CRASH_PRODUCT, orderOutcomes, payOrdersThenKill } from '../../support/pay-order-crash'
import {
  callApi,
  createScratchDatabase,
  killStartedServers,
  loginOver,
  startServerProcess,
  type ServerProcess,
} from '../../support/server-process'

// A real crash on PostgreSQL: two servers share the database; one is SIGKILLed with
// pay-orders in flight (its connections die mid-transaction) and the survivor takes the retries.

let database: { url: string; drop(): Promise<void> }
let handle: DatabaseHandle
let survivor: ServerProcess

beforeAll(async () => {
  database = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'earn_crash')
  handle = await openDatabase({ kind: 'postgres', url: database.url, maxConnections: 2 })
})
afterAll(async () => {
  await handle?.close()
  if (survivor) await survivor.stop()
  killStartedServers()
  await database?.drop()
})

describe('SIGKILL during pay-order on PostgreSQL', () => {
  it('leaves no partial posting; the other server pays each retried order at most once', async () => {
    const [victim, other] = await Promise.all([
      startServerProcess({ DATABASE_URL: database.url }),
      startServerProcess({ DATABASE_URL: database.url }),
    ])
    survivor = other
    const token = await loginOver(victim.url)
    const { ids, answered } = await payOrdersThenKill(victim, token, 60, 10, 'pgcrash')
    expect(answered.length).toBeLessThan(ids.length)

    const afterCrash = await orderOutcomes(handle.db, ids)
    const ledger = await checkLedger(handle.db)
    expect(ledger.unbalanced).toEqual([])
    expect(ledger.drifted).toEqual([])
    expect(afterCrash.filter((o) => o.state === 'partial')).toEqual([])
    const paid = afterCrash.filter((o) => o.state === 'paid').map((o) => o.id)
    for (const id of answered) expect(paid).toContain(id)

    const retried = await Promise.all(
      ids.map((order_id) =>
        callApi(survivor.url, '/s1/byfi/pay-order', { order_id, ...CRASH_PRODUCT }, token),
      ),
    )
    for (const [i, r] of retried.entries()) {
      expect(r.ret_code, r.ret_msg).toBe(0)
      expect(r.result.order.order_id).toBe(ids[i])
    }
    const afterRetry = await orderOutcomes(handle.db, ids)
    expect(afterRetry.map((o) => o.state)).toEqual(ids.map(() => 'paid'))
    const ledgerAfter = await checkLedger(handle.db)
    expect(ledgerAfter.unbalanced).toEqual([])
    expect(ledgerAfter.drifted).toEqual([])
    expect(ledgerAfter.postings - ledger.postings).toBe(ids.length - paid.length)

    // The killed server comes back on the same database and port.
    const again = await startServerProcess({ DATABASE_URL: database.url, PORT: victim.port })
    expect((await fetch(`${again.url}/x-api/health`)).status).toBe(200)
    expect(await again.stop()).toBe(0)
    console.log(
      `[resilience] PostgreSQL: ${answered.length} answered before SIGKILL, ${paid.length} committed, ${ids.length - paid.length} lost in flight and paid once through the other server`,
    )
  })
})
