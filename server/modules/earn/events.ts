import { sql } from 'drizzle-orm'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { EarnPrivateTopic } from '../../../contract/earn-socket'
import type { Database } from '../../db/client'
import type { Executor } from './money'

// Private pushes travel through PostgreSQL NOTIFY inside the transaction that changed the
// order or position: delivered only if it commits, to every server LISTENing (PGlite too).

const PgClient = pg.Client

export const EARN_EVENTS_CHANNEL = 'earn_events'

export type EarnEvent = { user_id: number; topic: EarnPrivateTopic; data: Record<string, unknown> }

export async function notifyEarnEvent(db: Executor, event: EarnEvent): Promise<void> {
  await notifyEarnEvents(db, [event])
}

/** Several events in one statement (one round trip), delivered in this order. */
export async function notifyEarnEvents(db: Executor, events: EarnEvent[]): Promise<void> {
  const calls = events.map((e) => sql`pg_notify(${EARN_EVENTS_CHANNEL}, ${JSON.stringify(e)})`)
  await db.execute(sql`select ${sql.join(calls, sql`, `)}`)
}

/** Subscribes to earn events; returns the stop function. */
export async function listenEarnEvents(
  db: Database,
  dbKind: 'pglite' | 'postgres',
  onEvent: (e: EarnEvent) => void,
): Promise<() => Promise<void>> {
  const handle = (payload: string | undefined) => {
    if (!payload) return
    try {
      onEvent(JSON.parse(payload) as EarnEvent)
    } catch {
      // A malformed payload is dropped; NOTIFY payloads are only written by notifyEarnEvent.
    }
  }
  const client = (db as unknown as { $client: unknown }).$client
  if (dbKind === 'pglite') {
    const unlisten = await (client as PGlite).listen(EARN_EVENTS_CHANNEL, handle)
    return () => unlisten()
  }
  // A dedicated connection outside the pool: LISTEN belongs to one session, and pool.end()
  // must not wait for it at shutdown.
  const pool = client as pg.Pool & { options: pg.PoolConfig }
  const conn = new PgClient(pool.options)
  await conn.connect()
  conn.on('notification', (n) => {
    if (n.channel === EARN_EVENTS_CHANNEL) handle(n.payload)
  })
  conn.on('error', () => undefined)
  await conn.query(`listen ${EARN_EVENTS_CHANNEL}`)
  return () => conn.end()
}
