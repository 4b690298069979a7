import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../../../server/db/client'
import { rowsOf } from '../../../server/db/rows'

// The server's PostgreSQL pool names every statement with parameters (server/db/named-
// statements.ts): PostgreSQL parses it once per connection, then only binds and executes it.
// pg_prepared_statements lists a session's own prepared statements; one connection here, so
// the query below runs in the session that ran the others.

let handle: DatabaseHandle

beforeAll(async () => {
  expect(process.env.TEST_DATABASE_URL, 'run under scripts/with-postgres.sh').toBeTruthy()
  handle = await openDatabase({
    kind: 'postgres',
    url: process.env.TEST_DATABASE_URL!,
    maxConnections: 1,
  })
})
afterAll(async () => {
  await handle?.close()
})

const prepared = async () =>
  rowsOf<{ name: string; statement: string }>(
    await handle.db.execute(sql`select name, statement from pg_prepared_statements`),
  )

it('a statement with parameters is prepared once under a name and answers right each time', async () => {
  const sums: number[] = []
  for (const n of [1, 2, 3]) {
    const r = await handle.db.execute(sql`select ${n}::integer + 40 as sum`)
    sums.push(Number(rowsOf<{ sum: number }>(r)[0]!.sum))
  }
  expect(sums).toEqual([41, 42, 43])
  const mine = (await prepared()).filter((p) => p.statement.includes('+ 40 as sum'))
  expect(mine).toHaveLength(1)
  expect(mine[0]!.name).toMatch(/^earn_\d+$/)
})

it('a statement without parameters is sent unnamed (DDL, migrations, transaction control)', async () => {
  await handle.db.execute(sql.raw('select 40 + 2 as plain'))
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`select ${'in a transaction'}::text as label`)
  })
  const statements = (await prepared()).map((p) => p.statement)
  expect(statements.some((s) => s.includes('as plain'))).toBe(false)
  expect(statements.some((s) => /^begin$/i.test(s.trim()))).toBe(false)
  expect(statements.some((s) => s.includes('as label'))).toBe(true)
})
