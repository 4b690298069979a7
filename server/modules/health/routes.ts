import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type { AppContext } from '../../deps'
import { envelope } from '../../http/envelope'
import { processLoopDelay } from './loop-delay'

export function healthRoutes({
  db,
  dbKind,
  clock,
  payBatcher,
}: Pick<AppContext, 'db' | 'dbKind' | 'clock' | 'payBatcher'>): Hono {
  const loop = processLoopDelay()
  return new Hono().get('/health', async (c) => {
    await db.execute(sql`select 1`)
    return c.json(
      envelope(
        {
          status: 'ok',
          database: dbKind,
          event_loop_delay_ms: loop.figures(),
          gc_pause_ms: loop.gcFigures(),
          pay_orders: payBatcher.figures(),
        },
        clock,
      ),
    )
  })
}
