import { sql } from 'drizzle-orm'
import type { Database } from '../../../server/db/client'

/** Bulk wallet records for one user: n Yield postings one second apart, ending at `last`. */
export async function seedYieldPostings(db: Database, userId: number, n: number, last: Date) {
  await db.execute(sql`
    insert into ledger_postings (user_id, kind, coin, amount, product_id, product_type, created_at)
    select ${userId}, 'Yield', 'USDT', ((i % 997) + 1)::numeric / 1000, 'flex-usdt', 1,
           ${last.toISOString()}::timestamptz - make_interval(secs => ${n} - i)
      from generate_series(1, ${n}) as i`)
}

/** Parses our CSV (no embedded newlines in the fields we write) into header-keyed rows. */
export function parseCsv(text: string): Record<string, string>[] {
  const [head, ...lines] = text.trimEnd().split('\n')
  const cols = head!.split(',')
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i]!, v])))
}
