import { sql, type SQL } from 'drizzle-orm'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { EarnPrivateTopic } from '../../../contract/earn-socket'
import type { Database } from '../../db/client'
import type { Executor } from './money'

// Private pushes travel through PostgreSQL NOTIFY inside the transaction that changed the
// order or position: delivered only if it commits, to every server LISTENing (PGlite too).

const PgClient = pg.Client

export const EARN_EVENTS_CHANNEL = 'earn_events'
/** The LISTEN connection's application_name (pg_stat_activity tells it from the pool's). */
export const EARN_EVENTS_APPLICATION_NAME = 'earn-events'
/** After the LISTEN connection is lost or cannot open, the wait before it is opened again. */
const RELISTEN_MS = 1_000

export type EarnEvent = { user_id: number; topic: EarnPrivateTopic; data: Record<string, unknown> }

export async function notifyEarnEvent(db: Executor, event: EarnEvent): Promise<void> {
  await notifyEarnEvents(db, [event])
}

/** Several events in one statement (one round trip), delivered in this order. */
export async function notifyEarnEvents(db: Executor, events: EarnEvent[]): Promise<void> {
  await db.execute(sql`select ${notifyCalls(events)}`)
}

/** The select list that notifies these events, in this order (for a statement that does more). */
export function notifyCalls(events: EarnEvent[]): SQL {
  const calls = events.map((e) => sql`pg_notify(${EARN_EVENTS_CHANNEL}, ${JSON.stringify(e)})`)
  return sql.join(calls, sql`, `)
}

/**
 * Subscribes to earn events; returns the stop function. `onResumed` runs when LISTEN works again
 * after a time without it (lost, or a first attempt that failed): events of that time are gone.
 */
export async function listenEarnEvents(
  db: Database,
  dbKind: 'pglite' | 'postgres',
  onEvent: (e: EarnEvent) => void,
  onResumed: () => void = () => undefined,
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
  // must not wait for it at shutdown. PostgreSQL can drop it (a restart, a failover,
  // pg_terminate_backend): it is opened again, so pushes resume within about RELISTEN_MS. A
  // NOTIFY sent while no connection listens is not delivered (NOTIFY keeps nothing): once it
  // listens again, onResumed has the subscribers read their state again.
  const pool = client as pg.Pool & { options: pg.PoolConfig }
  let stopped = false
  let gap = false
  let listening: pg.Client | undefined
  let retry: ReturnType<typeof setTimeout> | undefined
  const again = () => {
    if (!stopped) retry ??= setTimeout(() => void open(), RELISTEN_MS)
  }
  const open = async () => {
    retry = undefined
    const conn = new PgClient({ ...pool.options, application_name: EARN_EVENTS_APPLICATION_NAME })
    // Until it listens, a failure is the catch's below.
    conn.on('error', () => undefined)
    conn.on('notification', (n) => {
      if (n.channel === EARN_EVENTS_CHANNEL) handle(n.payload)
    })
    try {
      await conn.connect()
      await conn.query(`listen ${EARN_EVENTS_CHANNEL}`)
    } catch (err) {
      await conn.end().catch(() => undefined)
      if (!stopped) console.error('[earn-events] cannot LISTEN, retrying:', (err as Error).message)
      gap = true
      return again()
    }
    if (stopped) return void (await conn.end().catch(() => undefined))
    listening = conn
    if (gap) {
      gap = false
      console.warn('[earn-events] listening again: subscribers asked to read again')
      onResumed()
    }
    const onLoss = (err?: Error) => {
      if (listening !== conn) return
      listening = undefined
      void conn.end().catch(() => undefined)
      if (stopped) return
      console.error('[earn-events] LISTEN connection lost:', err?.message ?? 'ended')
      gap = true
      again()
    }
    conn.on('error', onLoss)
    conn.on('end', () => onLoss())
  }
  await open()
  return async () => {
    stopped = true
    clearTimeout(retry)
    await listening?.end().catch(() => undefined)
  }
}
