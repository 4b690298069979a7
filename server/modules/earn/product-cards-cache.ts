import type { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type {
  GetHomepageProductCardsRequest,
  GetHomepageProductCardsResponse,
} from '../../../contract/earn.schema'
import { ProductCardStatus } from '../../../contract/enums'
import { onDatabaseClose, type Database } from '../../db/client'
import * as schema from '../../db/schema'
import type { CurrentUser } from '../../http/auth'
import { serialiseOnce } from '../../http/envelope'
import { forbiddenTo, loadProduct, toCard, type ProductRow } from './catalogue'
import { groupByPage, productCardRows } from './service'

// get-homepage-product-cards from memory (issue 28): the rows every user shares are read once
// per filter and held until a product changes; each answer then applies what is the user's own
// (the Forbidden status of a product they may not buy) to the shared cards.
//
// A trigger on products (migration 0012) NOTIFYs PRODUCTS_CHANNEL on every change, on commit;
// each server LISTENs (PostgreSQL: a dedicated connection, which also runs the cache's reads so
// they never queue behind the pool's pay-orders; PGlite: the instance itself) and marks what it
// holds stale. The next read of a stale entry waits for it to be read again (readers arriving
// meanwhile share that one read), so an answer misses no change whose notification had arrived
// REREAD_MS before it was asked: the staleness is that plus the notification's delay. Without
// notifications (the LISTEN connection lost, not yet back) nothing is held: every read goes to
// the database, and the cache starts empty when it listens again. TTL_MS is the safety net
// should a notification be lost on a live connection: no answer comes from rows read longer ago.

/** The channel migration 0012's trigger notifies: payload a product id, or 'all'. */
export const PRODUCTS_CHANNEL = 'earn_products'
/**
 * Filters and products held at once (least recently used dropped first): a filter is a handful
 * of fields, a product one row.
 */
export const CARDS_CACHE_MAX_KEYS = 256
/** Held rows are read again after this long even with no notification (safety net). */
export const CARDS_CACHE_TTL_MS = 5_000
/**
 * Cards read less than this long ago answer even when a change was heard since: under a stream
 * of changes (a launch rush changes its product with every order) an entry is read at most this
 * often, instead of once per answer. So an answer holds every change heard REREAD_MS before it
 * was asked. pay-order's own quota check is the database's (its conditional decrement).
 */
export const CARDS_CACHE_REREAD_MS = 200
/** The LISTEN connection's application_name (pg_stat_activity tells it from the pool's). */
export const CARDS_CACHE_APPLICATION_NAME = 'earn-cards-cache'
/** After the LISTEN connection failed to open, reads go to the database this long before a retry. */
const RETRY_MS = 1_000

type Feed = { db: Database; stop: () => Promise<void> }

type Entry = {
  /** Reads the entry's rows (a filter's cards, or one product by id). */
  load: (db: Database) => Promise<ProductRow[]>
  rows?: ProductRow[]
  /** performance.now() when the read of `rows` began. */
  readAt: number
  /** `rows` may miss a change (heard, or the TTL passed). */
  stale: boolean
  /** The read in flight, and whether a change was heard during it. */
  reading?: Promise<void>
  changedWhileReading?: boolean
  /** The shared cards at instants in [from, until): no product's window opens or ends inside. */
  shared?: { from: number; until: number; answer: GetHomepageProductCardsResponse }
}

export class ProductCardsCache {
  #entries = new Map<string, Entry>()
  #feed?: Promise<Feed | null>
  #retryAt = 0
  #closed = false

  constructor(
    private readonly db: Database,
    private readonly dbKind: 'pglite' | 'postgres',
  ) {
    onDatabaseClose(db, () => this.close())
  }

  /** Entries held now (tests and the bench's notes). */
  get size(): number {
    return this.#entries.size
  }

  /** The answer of get-homepage-product-cards for this filter, instant and user. */
  async cards(
    filter: GetHomepageProductCardsRequest,
    now: Date,
    user: CurrentUser | null,
  ): Promise<GetHomepageProductCardsResponse> {
    const feed = await this.#listening()
    if (!feed) return answerOf(await productCardRows(this.db, filter), now, user)
    const entry = this.#entry(keyOf(filter), (db) => productCardRows(db, filter))
    const rows = await this.#rowsOf(entry, CARDS_CACHE_REREAD_MS)
    const shared = sharedAnswer(entry, rows, now)
    // The user's part: products they may not buy show Forbidden (toCard's rule).
    if (!user || !rows.some((p) => forbiddenTo(p, user))) return shared
    const cards = shared.cards.map((card, i) =>
      forbiddenTo(rows[i]!, user) ? { ...card, card_status: ProductCardStatus.Forbidden } : card,
    )
    return { cards, groups: shared.groups }
  }

  /**
   * One product's row (undefined: no such product), with every change heard `rereadMs` before
   * it is asked (0: when it is asked). pay-order's checks read it here (issue 28): in a launch
   * rush the product changes with every order, and its readers share one read per change (or
   * per `rereadMs`); once the quota is gone, a buyer's sold out is answered without a query.
   */
  async product(id: string, rereadMs = 0): Promise<ProductRow | undefined> {
    const feed = await this.#listening()
    if (!feed) return loadProduct(this.db, id)
    const entry = this.#entry(`product:${id}`, (db) => productRow(db, id))
    const [row] = await this.#rowsOf(entry, rereadMs)
    return row
  }

  /** A product changed (payload its id) or all may have ('all'): everything held is stale. */
  invalidate(): void {
    for (const e of this.#entries.values()) {
      if (e.reading) e.changedWhileReading = true
      else e.stale = true
    }
  }

  /** Stops listening; reads go to the database from then on. */
  async close(): Promise<void> {
    this.#closed = true
    this.#entries.clear()
    const feed = await this.#feed?.catch(() => null)
    this.#feed = undefined
    await feed?.stop().catch(() => undefined)
  }

  #entry(key: string, load: Entry['load']): Entry {
    let entry = this.#entries.get(key)
    if (entry) this.#entries.delete(key)
    else entry = { load, readAt: 0, stale: true }
    this.#entries.set(key, entry) // most recently used last
    if (this.#entries.size > CARDS_CACHE_MAX_KEYS)
      this.#entries.delete(this.#entries.keys().next().value!)
    return entry
  }

  /** The entry's rows; rows younger than `rereadMs` answer even after a change was heard. */
  async #rowsOf(entry: Entry, rereadMs: number): Promise<ProductRow[]> {
    const age = performance.now() - entry.readAt
    if (age >= CARDS_CACHE_TTL_MS) entry.stale = true
    if (entry.rows && (!entry.stale || age < rereadMs)) return entry.rows
    try {
      await this.#read(entry)
      // That read may have begun before a change this reader was told of: one more, begun now
      // (unless rows that young may answer anyway).
      if (entry.stale && performance.now() - entry.readAt >= rereadMs) await this.#read(entry)
      return entry.rows!
    } catch {
      // The cache's connection failed mid-read (it is being replaced): read through the pool.
      return entry.load(this.db)
    }
  }

  /** One read per entry at a time; changes heard during it leave the entry stale from then. */
  #read(entry: Entry): Promise<void> {
    return (entry.reading ??= (async () => {
      const began = performance.now()
      const feed = await this.#listening()
      try {
        const rows = await entry.load(feed?.db ?? this.db)
        entry.rows = rows
        entry.readAt = began
        entry.shared = undefined
        // A change heard during the read may have committed after the read's snapshot.
        entry.stale = entry.changedWhileReading === true
      } finally {
        // A failed read leaves the entry stale (a read only starts on a stale entry).
        entry.reading = undefined
        entry.changedWhileReading = undefined
      }
    })())
  }

  /** The notification feed, opened on first use; null (read through) while it cannot be. */
  #listening(): Promise<Feed | null> {
    if (this.#closed) return Promise.resolve(null)
    if (!this.#feed && performance.now() >= this.#retryAt) {
      this.#feed = this.#listen().catch((err: Error) => {
        console.error('[cards-cache] cannot LISTEN, reading through:', err.message)
        this.#lost()
        return null
      })
    }
    return this.#feed ?? Promise.resolve(null)
  }

  /** The feed is gone: nothing held can be trusted; the next read opens a new one. */
  #lost(): void {
    this.#entries.clear()
    this.#feed = undefined
    this.#retryAt = performance.now() + RETRY_MS
  }

  async #listen(): Promise<Feed> {
    const client = (this.db as unknown as { $client: unknown }).$client
    if (this.dbKind === 'pglite') {
      const unlisten = await (client as PGlite).listen(PRODUCTS_CHANNEL, () => this.invalidate())
      return { db: this.db, stop: () => unlisten() }
    }
    // Its own connection: LISTEN belongs to one session, and the cache's reads on it do not wait
    // for a pool that a rush's pay-orders hold.
    const pool = client as pg.Pool & { options: pg.PoolConfig }
    const conn = new pg.Client({ ...pool.options, application_name: CARDS_CACHE_APPLICATION_NAME })
    let stopped = false
    const onLoss = (err?: Error) => {
      if (stopped) return
      stopped = true
      if (err) console.error('[cards-cache] LISTEN connection lost:', err.message)
      this.#lost()
      void conn.end().catch(() => undefined)
    }
    conn.on('error', onLoss)
    conn.on('end', () => onLoss())
    conn.on('notification', (n) => {
      if (n.channel === PRODUCTS_CHANNEL) this.invalidate()
    })
    try {
      await conn.connect()
      await conn.query(`listen ${PRODUCTS_CHANNEL}`)
    } catch (err) {
      stopped = true
      await conn.end().catch(() => undefined)
      throw err
    }
    return {
      db: drizzlePg(conn, { schema }) as unknown as Database,
      stop: async () => {
        stopped = true
        await conn.end()
      },
    }
  }
}

const productRow = async (db: Database, id: string): Promise<ProductRow[]> => {
  const row = await loadProduct(db, id)
  return row ? [row] : []
}

/** The filter's cache key: the same cards, the same key (defaults and order of types folded). */
function keyOf(f: GetHomepageProductCardsRequest): string {
  const types = [...new Set(f.product_types ?? [])].sort((a, b) => a - b)
  const page = f.page_key === 'home' ? undefined : f.page_key
  return JSON.stringify([f.coin?.toUpperCase(), types, page, f.sort ?? 'apr_desc'])
}

/** The anonymous answer, kept per entry until a product's window opens or ends. */
function sharedAnswer(
  entry: Entry,
  rows: ProductRow[],
  now: Date,
): GetHomepageProductCardsResponse {
  const t = now.getTime()
  const held = entry.shared
  if (held && entry.rows === rows && held.from <= t && t < held.until) return held.answer
  // Shared by every visitor until the rows or the window change: its JSON is made once.
  const answer = serialiseOnce(answerOf(rows, now, null))
  let from = -Infinity
  let until = Infinity
  for (const p of rows)
    for (const edge of [p.subscribeStartAt, p.subscribeEndAt]) {
      const e = edge?.getTime()
      if (e === undefined) continue
      if (e <= t) from = Math.max(from, e)
      else until = Math.min(until, e)
    }
  if (entry.rows === rows) entry.shared = { from, until, answer }
  return answer
}

function answerOf(
  rows: ProductRow[],
  now: Date,
  user: CurrentUser | null,
): GetHomepageProductCardsResponse {
  const cards = rows.map((p) => toCard(p, now, user))
  return { cards, groups: groupByPage(cards) }
}
