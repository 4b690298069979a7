import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/client'
import { checkLedger } from '../support/db-state'
import { CRASH_PRODUCT, orderOutcomes, payOrdersThenKill } from '../support/pay-order-crash'
import {
  callApi,
  killStartedServers,
  loginOver,
  startServerProcess,
} from '../support/server-process'

// A real crash on the embedded database: the server process is SIGKILLed with pay-orders in
// flight; what is on disk afterwards must be whole orders only, and retries must pay once.

const dataDir = mkdtempSync(join(tmpdir(), 'earn-crash-'))
afterAll(() => {
  killStartedServers()
  rmSync(dataDir, { recursive: true, force: true })
})

async function inspect(ids: string[]) {
  const db = await openDatabase({ kind: 'pglite', dataDir })
  try {
    return { ledger: await checkLedger(db.db), outcomes: await orderOutcomes(db.db, ids) }
  } finally {
    await db.close()
  }
}

describe('SIGKILL during pay-order on PGlite', () => {
  it('leaves no partial posting, and a retry with the same order id pays at most once', async () => {
    const first = await startServerProcess({ DATA_DIR: dataDir })
    const token = await loginOver(first.url)
    const { ids, answered } = await payOrdersThenKill(first, token, 40, 5, 'crash')
    // The kill landed while orders were still being processed.
    expect(answered.length).toBeLessThan(ids.length)

    const afterCrash = await inspect(ids)
    expect(afterCrash.ledger.unbalanced).toEqual([])
    expect(afterCrash.ledger.drifted).toEqual([])
    expect(afterCrash.outcomes.filter((o) => o.state === 'partial')).toEqual([])
    const paid = afterCrash.outcomes.filter((o) => o.state === 'paid').map((o) => o.id)
    // Every order the client saw succeed survived the crash.
    for (const id of answered) expect(paid).toContain(id)

    const second = await startServerProcess({ DATA_DIR: dataDir, PORT: first.port })
    const retried = await Promise.all(
      ids.map((order_id) =>
        callApi(second.url, '/s1/byfi/pay-order', { order_id, ...CRASH_PRODUCT }, token),
      ),
    )
    for (const [i, r] of retried.entries()) {
      expect(r.ret_code, r.ret_msg).toBe(0)
      expect(r.result.order.order_id).toBe(ids[i])
    }
    expect(await second.stop()).toBe(0)

    const afterRetry = await inspect(ids)
    expect(afterRetry.ledger.unbalanced).toEqual([])
    expect(afterRetry.ledger.drifted).toEqual([])
    expect(afterRetry.outcomes.map((o) => o.state)).toEqual(ids.map(() => 'paid'))
    expect(afterRetry.ledger.postings - afterCrash.ledger.postings).toBe(ids.length - paid.length)
    console.log(
      `[resilience] PGlite: ${answered.length} answered before SIGKILL, ${paid.length} on disk, ${ids.length - paid.length} lost in flight and paid once on retry`,
    )
  }, 120_000)
})
