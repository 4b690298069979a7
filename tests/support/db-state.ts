import { sql } from 'drizzle-orm'
import type { Database } from '../../server/db/client'

/** Rows of a raw query on either driver (PGlite answers { rows }, node-postgres too). */
export async function queryRows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query)
  if (Array.isArray(result)) return result as T[]
  return ((result as { rows?: T[] }).rows ?? []) as T[]
}

/** Every table of the public schema, in name order. */
export async function tableNames(db: Database): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )
  return rows.map((r) => r.name)
}

/** Row count and an md5 of every row's text, per table: equal checksums, equal contents. */
export async function tableChecksums(db: Database): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const name of await tableNames(db)) {
    const [row] = await queryRows<{ n: string; h: string | null }>(
      db,
      sql.raw(
        `select count(*)::text as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${name}" t`,
      ),
    )
    out[name] = `${row!.n}:${row!.h}`
  }
  return out
}

/**
 * A transaction id that only moves when some transaction wrote (read-only ones get none),
 * so comparing two readings tells cheaply whether anything may have changed in between.
 */
export async function writeMark(db: Database): Promise<bigint> {
  const [row] = await queryRows<{ x: string }>(db, sql`select txid_current()::text as x`)
  return BigInt(row!.x)
}

export type LedgerCheck = {
  postings: number
  /** Postings whose entries do not sum to zero in some coin. */
  unbalanced: unknown[]
  /** Accounts whose balance differs from the sum of their ledger entries. */
  drifted: unknown[]
}

/** The ledger's invariants, read from SQL rather than from the code that writes it. */
export async function checkLedger(db: Database): Promise<LedgerCheck> {
  const [count] = await queryRows<{ n: string }>(
    db,
    sql`select count(*)::text as n from ledger_postings`,
  )
  const unbalanced = await queryRows(
    db,
    sql`select posting_id, coin, sum(amount)::text as total from ledger_entries
        group by posting_id, coin having sum(amount) <> 0`,
  )
  const drifted = await queryRows(
    db,
    sql`select coalesce(a.user_id, e.user_id) as user_id, coalesce(a.coin, e.coin) as coin,
               coalesce(a.account_type, e.account_type) as account_type,
               a.balance::text as balance, e.total::text as entries
        from earn_accounts a
        full outer join (
          select user_id, coin, account_type, sum(amount) as total from ledger_entries
          group by user_id, coin, account_type
        ) e on e.user_id = a.user_id and e.coin = a.coin and e.account_type = a.account_type
        where coalesce(a.balance, 0) <> coalesce(e.total, 0)`,
  )
  return { postings: Number(count!.n), unbalanced, drifted }
}
