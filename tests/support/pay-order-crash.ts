import { sql } from 'drizzle-orm'
import { OrderStatus } from '../../contract/enums'
import type { Database } from '../../server/db/client'
import { queryRows } from './db-state'
import { callApi, type ServerProcess } from './server-process'

export const CRASH_PRODUCT = { product_id: 'flex-usdt', amount: '10' } as const

/**
 * Sends `count` pay-orders at once and SIGKILLs the server once `killAfter` have been
 * answered, so the rest die in flight. Returns every order id and the ones answered OK.
 */
export async function payOrdersThenKill(
  server: ServerProcess,
  token: string,
  count: number,
  killAfter: number,
  tag: string,
) {
  const ids = Array.from({ length: count }, (_, i) => `${tag}-${i}-${Date.now().toString(36)}`)
  const answered: string[] = []
  let killing: Promise<void> | undefined
  await Promise.all(
    ids.map(async (order_id) => {
      try {
        const res = await callApi(
          server.url,
          '/s1/byfi/pay-order',
          { order_id, ...CRASH_PRODUCT },
          token,
        )
        if (res.ret_code !== 0) throw new Error(`pay-order ${order_id}: ${JSON.stringify(res)}`)
        answered.push(order_id)
        if (answered.length >= killAfter) killing ??= server.kill()
      } catch (err) {
        // A connection cut by the kill is the point; any other failure is not.
        if (!killing) throw err
      }
    }),
  )
  await (killing ?? server.kill())
  return { ids, answered }
}

export type OrderOutcome = { id: string; state: 'absent' | 'paid' | 'partial'; detail: string }

/** Each order is either absent, or paid once with its posting and position; nothing between. */
export async function orderOutcomes(db: Database, ids: string[]): Promise<OrderOutcome[]> {
  const out: OrderOutcome[] = []
  for (const id of ids) {
    const orders = await queryRows<{ status: string; position_id: string | null }>(
      db,
      sql`select status, position_id from earn_orders where client_order_id = ${id}`,
    )
    const [postings] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ledger_postings where order_id = ${id}`,
    )
    const [positions] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from earn_positions p join earn_orders o
          on o.position_id = p.id where o.client_order_id = ${id}`,
    )
    const detail = `orders ${JSON.stringify(orders)}, postings ${postings!.n}, positions ${positions!.n}`
    let state: OrderOutcome['state'] = 'partial'
    if (orders.length === 0 && postings!.n === 0) state = 'absent'
    else if (
      orders.length === 1 &&
      orders[0]!.status === OrderStatus.Success &&
      postings!.n === 1 &&
      positions!.n === 1
    )
      state = 'paid'
    out.push({ id, state, detail })
  }
  return out
}
