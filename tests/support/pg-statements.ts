import pg from 'pg'

/**
 * Every statement node-postgres' clients send while `recording` is on (transaction control
 * included): installed before the app opens its pool, since each client binds `query` when it is
 * made (server/db/named-statements.ts). `restore` puts the driver back.
 */
export function recordPgStatements() {
  const query = pg.Client.prototype.query
  const record = { sent: [] as string[], recording: false, restore: () => undefined as void }
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string }
    if (record.recording)
      record.sent.push(typeof config === 'string' ? config : String(config?.text))
    return (query as (...a: unknown[]) => unknown).apply(this, args)
  } as typeof query
  record.restore = () => void (pg.Client.prototype.query = query)
  return record
}
