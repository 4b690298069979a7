import { eq, sql } from 'drizzle-orm'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EARN_PATH } from '../../../contract/paths'
import type { DatabaseHandle } from '../../../server/db/client'
import { products } from '../../../server/db/schema'
import { CARDS_CACHE_APPLICATION_NAME } from '../../../server/modules/earn/product-cards-cache'
import { queryRows } from '../../support/db-state'
import {
  callApi,
  loginOver,
  startServerPair,
  type ServerPair,
  type ServerProcess,
} from '../../support/server-process'

// Issue 28: server A holds the product cards in memory; a quota change made through server B
// reaches A's cache through PostgreSQL NOTIFY (migration 0012's trigger), and a LISTEN
// connection lost is replaced (the cache emptied meanwhile).

const PRODUCT = 'flex-usdt'
const FILTER = { coin: 'USDT' }
/** A loaded machine's bound; the change shows once its notification has arrived. */
const SEEN_WITHIN_MS = 10_000

let a: ServerProcess
let b: ServerProcess
let handle: DatabaseHandle
let pair: ServerPair | undefined

beforeAll(async () => {
  // No pages: a server serving the client draws /earn/home as it starts (warmFirstView), which
  // reads cards and opens its LISTEN connection. Here only the API's cache is under test, and
  // which server listens is what the test counts.
  pair = await startServerPair('earn_cards', { STATIC_DIR: join(tmpdir(), 'earn-no-client') })
  ;({ a, b, handle } = pair)
}, 150_000)
afterAll(() => pair?.stop())

const quotaOn = async (server: ServerProcess): Promise<string> => {
  const res = await callApi(server.url, `${EARN_PATH}/get-homepage-product-cards`, FILTER)
  expect(res.ret_code).toBe(0)
  return res.result.cards.find((c: { product_id: string }) => c.product_id === PRODUCT)
    .remaining_quota
}

async function seenOn(server: ServerProcess, quota: string): Promise<number> {
  const started = performance.now()
  while (performance.now() - started < SEEN_WITHIN_MS) {
    if ((await quotaOn(server)) === quota) return performance.now() - started
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`remaining_quota ${quota} not seen within ${SEEN_WITHIN_MS} ms`)
}

const listeners = async () =>
  (
    await queryRows<{ pid: number }>(
      handle.db,
      sql`select pid from pg_stat_activity
          where datname = current_database()
            and application_name = ${CARDS_CACHE_APPLICATION_NAME}`,
    )
  ).map((r) => r.pid)

const setQuotaOn = (server: ServerProcess, quota: string) =>
  callApi(server.url, `${EARN_PATH}/test/product-quota`, {
    product_id: PRODUCT,
    remaining_quota: quota,
  })

describe('product cards cache across two servers on PostgreSQL', () => {
  it("A's cards come from memory, through a LISTEN connection of its own", async () => {
    const held = await quotaOn(a)
    expect(await listeners()).toHaveLength(1) // A's; B has served no cards
    // A change nobody is told of (the trigger off) is not seen on A: A did not read the database.
    await handle.exec('alter table products disable trigger products_changed')
    try {
      await handle.db
        .update(products)
        .set({ remainingQuota: '999' })
        .where(eq(products.id, PRODUCT))
    } finally {
      await handle.exec('alter table products enable trigger products_changed')
    }
    expect(await quotaOn(a)).toBe(held)
    expect(await quotaOn(b)).toBe('999') // B's first read comes from the database
  })

  it("a quota change on B shows on A's next reads", async () => {
    expect((await setQuotaOn(b, '5555')).ret_code).toBe(0)
    const took = await seenOn(a, '5555')
    console.info(`[cards-cache-pg] B's quota change seen on A after ${Math.round(took)} ms`)
    // B holds cards too: its own notification arrives a moment after its answer.
    await seenOn(b, '5555')
  })

  it('a pay-order on B lowers the quota A shows', async () => {
    const token = await loginOver(b.url, 'kyc2@earn.test')
    const paid = await callApi(
      b.url,
      `${EARN_PATH}/pay-order`,
      { order_id: `cards-${Date.now().toString(36)}`, product_id: PRODUCT, amount: '10' },
      token,
    )
    expect(paid.ret_code).toBe(0)
    await seenOn(a, '5545')
  })

  it('a lost LISTEN connection is replaced, and changes meanwhile are not missed', async () => {
    const [pid] = await listeners()
    expect(pid).toBeDefined()
    await handle.exec(`select pg_terminate_backend(${pid})`)
    // While A listens again its cache starts empty: the change is seen either way.
    expect((await setQuotaOn(b, '4444')).ret_code).toBe(0)
    await seenOn(a, '4444')
    const started = performance.now()
    let again: number[] = []
    while (performance.now() - started < SEEN_WITHIN_MS) {
      again = await listeners()
      if (again.length === 1 && again[0] !== pid) break
      await quotaOn(a)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(again).toHaveLength(1)
    expect(again[0]).not.toBe(pid)
    expect((await setQuotaOn(b, '3333')).ret_code).toBe(0)
    await seenOn(a, '3333')
  })
})
