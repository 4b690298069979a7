import { createApp } from '../../server/app'
import { ManualClock } from '../../server/clock'
import { testConfig, type AppConfig } from '../../server/config'
import type { DatabaseHandle } from '../../server/db/client'
import { seedDatabase } from '../../server/db/seed'
import { openTestDatabase } from './test-database'

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** The real app on a fresh database, for app.request() tests. No port, no mocks. */
export async function createTestApp(options: { config?: Partial<AppConfig>; seed?: boolean } = {}) {
  const database: DatabaseHandle = await openTestDatabase()
  const clock = new ManualClock()
  const config = testConfig(options.config)
  if (options.seed !== false) await seedDatabase(database.db, clock.now(), { demo: true })
  const app = createApp({ db: database.db, dbKind: database.kind, config, clock })

  /** POSTs JSON like the client does and returns the parsed envelope. */
  async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
    return {
      status: res.status,
      headers: res.headers,
      body: (await res.json()) as Record<string, any>,
    }
  }

  return { app, database, db: database.db, clock, config, post, close: () => database.close() }
}
