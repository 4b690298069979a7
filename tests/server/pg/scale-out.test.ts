import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ExportStatus } from '../../../contract/export.schema'
import type { DatabaseHandle } from '../../../server/db/client'
import { DEMO_BALANCES } from '../../../server/db/seed-earn'
import { EARN_EVENTS_APPLICATION_NAME } from '../../../server/modules/earn/events'
import { SocketCloseCode } from '../../../contract/socket-close-codes'
import { DEMO_ACCOUNTS } from '../../../server/db/seed-identity'
import { queryRows } from '../../support/db-state'
import { openSocket, within } from '../security/support'
import {
  callApi,
  loginOver,
  startServerPair,
  type ServerPair,
  type ServerProcess,
} from '../../support/server-process'

// Two server processes on one PostgreSQL, on different ports, as behind a load balancer:
// sessions, private socket pushes and the export queue work across them.

let a: ServerProcess
let b: ServerProcess
let handle: DatabaseHandle
let pair: ServerPair | undefined

beforeAll(async () => {
  pair = await startServerPair('earn_scale')
  ;({ a, b, handle } = pair)
})
afterAll(() => pair?.stop())

/** A realtime_w client of `server` subscribed to user.order; waitFor polls its frames (10 s). */
async function orderSocket(server: ServerProcess, token: string) {
  const { ws, frames, closed } = await openSocket(
    `ws://127.0.0.1:${server.port}/x-api/earn/ws/realtime_w`,
    {
      usertoken: token,
    },
  )
  ws.send(JSON.stringify({ op: 'subscribe', args: ['user.order'], req_id: 's' }))
  const waitFor = async (match: (f: any) => boolean) => {
    const deadline = Date.now() + 10_000
    while (!frames.some(match)) {
      if (Date.now() > deadline) throw new Error(`no such frame in ${JSON.stringify(frames)}`)
      await new Promise((r) => setTimeout(r, 20))
    }
    return frames.find(match)
  }
  await waitFor((f) => f.op === 'subscribe' && f.success)
  return { waitFor, closed, close: () => ws.close() }
}

/** pay-order of 10 USDT into flex-usdt through `server`. */
const payTenUsdt = (server: ServerProcess, token: string, order_id: string) =>
  callApi(
    server.url,
    '/s1/byfi/pay-order',
    { order_id, product_id: 'flex-usdt', amount: '10' },
    token,
  )

describe('two servers on one PostgreSQL', () => {
  it('both started at once on an empty database: migrated once, demo balances seeded once', async () => {
    const rows = await queryRows<{ user_id: number; n: number }>(
      handle.db,
      sql`select user_id, count(*)::int as n from ledger_postings where kind = 'Deposit'
          group by user_id order by user_id`,
    )
    expect(rows.length).toBe(DEMO_ACCOUNTS.length)
    expect(rows.map((r) => r.n)).toEqual(rows.map(() => DEMO_BALANCES.length))
  })

  it('a session made on one server works on the other, and a logout on either ends it', async () => {
    const token = await loginOver(a.url, 'kyc1@earn.test')
    const onB = await fetch(`${b.url}/x-api/v2/private/user/profile`, {
      headers: { usertoken: token },
    }).then((r) => r.json() as Promise<any>)
    expect(onB.ret_code).toBe(0)
    expect(onB.result.vague_email).toMatch(/^ky\*+@earn\.test$/)
    expect((await callApi(b.url, '/v1/auth/logout', {}, token)).ret_code).toBe(0)
    const onA = await fetch(`${a.url}/x-api/v2/private/user/profile`, {
      headers: { usertoken: token },
    }).then((r) => r.json() as Promise<any>)
    expect(onA.ret_code).toBe(10007)
  })

  it('an order paid through one server is pushed to a realtime_w client of the other', async () => {
    const token = await loginOver(a.url)
    const socket = await orderSocket(b, token)
    const order_id = `scale-${Date.now()}`
    const paid = await payTenUsdt(a, token, order_id)
    expect(paid.ret_code, paid.ret_msg).toBe(0)
    const started = Date.now()
    const push = await socket.waitFor(
      (f) => f.topic === 'user.order' && f.data.order_id === order_id,
    )
    expect(push.data).toMatchObject({ order_id, status: 'success', product_id: 'flex-usdt' })
    console.log(
      `[scale-out] pay-order on :${a.port} pushed on :${b.port} in ${Date.now() - started} ms`,
    )
    socket.close()
  })

  it('a LISTEN connection PostgreSQL drops is opened again; its subscribers reconnect and read again, and the pushes go on', async () => {
    const token = await loginOver(a.url)
    const socket = await orderSocket(b, token)
    /** LISTEN connections that have run their LISTEN, opened after `since` (the database's clock). */
    const listeners = async (since = '-infinity') =>
      (
        await queryRows<{ pid: number }>(
          handle.db,
          sql`select pid from pg_stat_activity where application_name = ${EARN_EVENTS_APPLICATION_NAME}
              and query ilike 'listen %' and backend_start > ${since}::timestamptz`,
        )
      ).map((r) => r.pid)
    const until = async (what: string, done: () => Promise<boolean>) => {
      const deadline = Date.now() + 10_000
      while (!(await done())) {
        if (Date.now() > deadline) throw new Error(what)
        await new Promise((r) => setTimeout(r, 100))
      }
    }
    expect((await listeners()).length).toBeGreaterThan(0) // B's, for the client above
    await handle.exec(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where application_name = '${EARN_EVENTS_APPLICATION_NAME}'`,
    )
    // A push sent in the gap is gone: once B listens again it closes its private sockets
    // (4002), and a client reconnects and reads its state again, as after any drop.
    expect(await within(socket.closed, 10_000)).toMatchObject({ code: SocketCloseCode.Resync })
    expect(b.output()).toContain('[earn-events] LISTEN connection lost')
    expect(b.output()).toContain('[earn-events] listening again')

    const [clock] = await queryRows<{ now: string }>(handle.db, sql`select now()::text as now`)
    const again = await orderSocket(b, token)
    await until(
      'no LISTEN for the reconnected client',
      async () => (await listeners(clock!.now)).length > 0,
    )
    const order_id = `relisten-${Date.now()}`
    const paid = await payTenUsdt(a, token, order_id)
    expect(paid.ret_code, paid.ret_msg).toBe(0)
    const push = await again.waitFor(
      (f) => f.topic === 'user.order' && f.data.order_id === order_id,
    )
    expect(push.data).toMatchObject({ order_id, status: 'success' })
    again.close()
  })

  it('export jobs submitted through both servers are each processed exactly once', async () => {
    // Whole seconds: the range must end after the demo deposits seeded at start-up, which can
    // be less than a second ago, so wait for the next second boundary.
    const now = Math.ceil(Date.now() / 1000)
    await new Promise((r) => setTimeout(r, now * 1000 - Date.now() + 5))
    const users = ['kyc0@earn.test', 'kyc2@earn.test', 'insider@earn.test', 'blocked@earn.test']
    const ids: string[] = []
    for (const [i, email] of users.entries()) {
      const via = i % 2 ? b : a
      const token = await loginOver(via.url, email)
      const res = await callApi(
        via.url,
        '/s1/byfi/submit-bill-export',
        { export_start_at: now - 30 * 86_400, export_end_at: now },
        token,
      )
      expect(res.ret_code, `${email}: ${res.ret_msg}`).toBe(0)
      ids.push(String(res.result.record_id))
    }
    const deadline = Date.now() + 60_000
    let jobs: { id: string; status: number; attempts: number }[]
    for (;;) {
      jobs = await queryRows(
        handle.db,
        sql`select id::text as id, status, attempts from export_jobs order by id`,
      )
      if (jobs.length === ids.length && jobs.every((j) => j.status === ExportStatus.Success)) break
      if (Date.now() > deadline) throw new Error(`jobs not finished: ${JSON.stringify(jobs)}`)
      await new Promise((r) => setTimeout(r, 200))
    }
    // One run per job: a job claimed by both workers would show a second attempt.
    expect(jobs.map((j) => j.attempts)).toEqual(ids.map(() => 1))
    console.log(`[scale-out] ${jobs.length} export jobs through two servers, one attempt each`)
  })
})
