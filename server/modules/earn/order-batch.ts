import type { EarnOrder } from '../../../contract/earn-order.schema'
import type { Database } from '../../db/client'
import { answerOfExisting, findOrderTogether, forgetOldRefusals, orderToWire } from './idempotency'
import type { Money } from './money'
import { payBatch, type BatchedPay, type Outcome } from './order-batch-transaction'
import { countOrderRates } from './order-checks'
import { OrderRetCode, orderError } from './order-errors'
import { CARDS_CACHE_REREAD_MS } from './product-cards-cache'
import { Turns } from './turns'

export type { BatchedPay } from './order-batch-transaction'

// Pay-orders in batches (issue 28). In a launch rush every order on a product waits for the one
// before it (the quota's row), and each order paid for its own transaction: five statements, each
// a write to PostgreSQL's socket and a wake-up of its backend, which is where a warm server's CPU
// went (docs/performance.md, Runs Z and AA). The batcher lets one transaction per product run at
// a time; the orders that arrive while it runs wait and go together in the next one: their rows
// in one insert (each user's FUNDING row locked with it, in user order), their holdings and the
// product's row in one read, then in one statement every position, posting, final state, push
// and the quota's take. Five statements a batch instead of five an order. An order alone (no
// rush) goes the way it always went (payOrder's runIdempotent); so does a batch that fails as a
// whole (each of its orders then alone, one after another).
//
// A batch's transaction holds the product's row, so it knows the quota it leaves. For
// KNOWN_REMAINING_MS after, an order on that product for more than that is answered sold out
// without a transaction (a replay of an order already placed under its id is still answered
// as that order), as payOrder answers one whose product in memory has no room: in a launch
// rush, half the buyers come after the quota is gone, and each would otherwise take a place in
// a batch (its order row, its balance locked, its refusal recorded) to be told 302.

/**
 * How long a batch's word on the quota it left answers the orders after it: as long as
 * payOrder's own memory of a product may be stale (the cards cache's reread).
 */
export const KNOWN_REMAINING_MS = CARDS_CACHE_REREAD_MS

/**
 * A batch's answers (and the sold-out ones after it) given in one turn of the event loop; the
 * rest in the next turns (turns.ts): a batch of 32, or the 500 told sold out at the quota's
 * end, answered at once held every other user's read behind them.
 */
export const ANSWERS_A_TURN = 4

/** Orders in one batch at most (each user at most once: a user's second order waits for the next). */
export const PAY_BATCH_MAX = 32

/** What the batcher did since the server started (/health's `pay_orders`, docs/operations.md). */
export type PayBatchFigures = {
  /** Orders that went alone (nothing else waited on their product). */
  alone: number
  /** Orders that went in a batch, in how many batches, and the largest. */
  batched: number
  batches: number
  largest: number
  /** Batches undone as a whole (their orders then went alone). */
  undone: number
  /**
   * Orders answered from a batch's word on the quota, without a transaction: sold out, or (an id
   * already placed) as that order.
   */
  soldOut: number
}

type Waiting = BatchedPay & { resolve: (o: EarnOrder) => void; reject: (e: unknown) => void }

export class PayBatcher {
  readonly #db: Database
  readonly #products = new Map<string, { waiting: Waiting[]; running: boolean }>()
  /** The quota each product's last batch left, and when (KNOWN_REMAINING_MS). */
  readonly #remaining = new Map<string, { quota: Money; at: number }>()
  readonly #figures: PayBatchFigures = {
    alone: 0,
    batched: 0,
    batches: 0,
    largest: 0,
    undone: 0,
    soldOut: 0,
  }

  readonly #knownRemainingMs: number
  readonly #answers = new Turns(ANSWERS_A_TURN)

  constructor(db: Database, options: { knownRemainingMs?: number } = {}) {
    this.#db = db
    this.#knownRemainingMs = options.knownRemainingMs ?? KNOWN_REMAINING_MS
  }

  figures(): PayBatchFigures {
    return { ...this.#figures }
  }

  /** The order's answer: alone when nothing else waits on its product, else in a batch. */
  submit(pay: BatchedPay): Promise<EarnOrder> {
    return new Promise<EarnOrder>((resolve, reject) => {
      const key = pay.p.id
      const queue = this.#products.get(key) ?? { waiting: [], running: false }
      this.#products.set(key, queue)
      queue.waiting.push({ ...pay, resolve, reject })
      this.#next(key)
    })
  }

  #next(key: string): void {
    const queue = this.#products.get(key)
    if (!queue || queue.running) return
    this.#answerSoldOut(key, queue)
    if (!queue.waiting.length) return void this.#products.delete(key)
    const batch: Waiting[] = []
    const rest: Waiting[] = []
    const users = new Set<number>()
    for (const w of queue.waiting) {
      if (batch.length < PAY_BATCH_MAX && !users.has(w.user.id)) {
        users.add(w.user.id)
        batch.push(w)
      } else rest.push(w)
    }
    queue.waiting = rest
    queue.running = true
    const f = this.#figures
    if (batch.length === 1) f.alone += 1
    else {
      f.batches += 1
      f.batched += batch.length
      f.largest = Math.max(f.largest, batch.length)
    }
    const run = batch.length === 1 ? alone(batch, false) : this.#together(key, batch)
    void run.finally(() => {
      queue.running = false
      this.#next(key)
    })
  }

  /** The waiting orders the last batch's quota has no room for: told sold out, no transaction. */
  #answerSoldOut(key: string, queue: { waiting: Waiting[] }): void {
    const known = this.#remaining.get(key)
    if (!known) return
    if (Date.now() - known.at > this.#knownRemainingMs) return void this.#remaining.delete(key)
    const room: Waiting[] = []
    for (const w of queue.waiting) {
      if (!w.order.amount.gt(known.quota)) room.push(w)
      else {
        this.#figures.soldOut += 1
        void this.#settle(w, () => answerOfPlaced(this.#db, w, soldOut))
      }
    }
    queue.waiting = room
  }

  /** Answers `w` with what `answer` comes to, a few a turn (ANSWERS_A_TURN). */
  #settle(w: Waiting, answer: () => Promise<EarnOrder>): Promise<void> {
    const inTurn = () => this.#answers.wait()
    return answer().then(
      (order) => inTurn().then(() => w.resolve(order)),
      (err: unknown) => inTurn().then(() => w.reject(err)),
    )
  }

  async #together(key: string, waiting: Waiting[]): Promise<void> {
    // The batch's rate counts in one statement (each order's own count, as alone); who is over
    // the limit is answered 315 and goes no further.
    let letIn: boolean[]
    try {
      letIn = await countOrderRates(
        this.#db,
        'pay',
        waiting.map((w) => ({
          user: w.user,
          clientOrderId: w.order.clientOrderId,
          settings: w.settings,
        })),
        waiting.at(-1)!.order.now,
      )
    } catch {
      this.#figures.undone += 1
      return alone(waiting, false)
    }
    const batch = waiting.filter((w, i) => {
      if (!letIn[i]) w.reject(orderError(OrderRetCode.RateLimit))
      return letIn[i]
    })
    if (batch.length <= 1) return alone(batch, true)
    let outcomes: Outcome[]
    let refusedUsers: number[]
    try {
      let remaining: Money | undefined
      ;({ outcomes, refusedUsers, remaining } = await payBatch(this.#db, batch))
      if (remaining) this.#remaining.set(key, { quota: remaining, at: Date.now() })
    } catch {
      this.#figures.undone += 1
      // The batch's transaction undid itself: each order goes alone, which answers it as it
      // would have been answered without a rush (a deadlock, a lost connection: the order's own
      // error).
      return alone(batch, true)
    }
    batch.forEach((w, i) => {
      const o = outcomes[i]!
      void this.#settle(w, () => outcomeAnswer(this.#db, w, o))
    })
    // Committed: the answers stand whatever happens to the tidying after them (the next refusal
    // of these users tidies again).
    await forgetOldRefusals(this.#db, refusedUsers).catch(() => undefined)
  }
}

const settle = (w: Waiting, answer: () => Promise<EarnOrder>) => answer().then(w.resolve, w.reject)

async function alone(batch: Waiting[], counted: boolean): Promise<void> {
  for (const w of batch) await settle(w, () => w.alone(counted))
}

/** A batch's outcome for one of its orders as its answer. */
function outcomeAnswer(db: Database, w: Waiting, o: Outcome): Promise<EarnOrder> {
  if (o.kind === 'done') return Promise.resolve(o.order)
  if (o.kind === 'refused') return Promise.reject(o.error)
  // Its id was taken already (a retry, or a duplicate on the other server); taken and then
  // undone meanwhile (a refused order's rows go with its transaction): alone.
  return answerOfPlaced(db, w, () => w.alone(true))
}

const soldOut = () => Promise.reject(orderError(OrderRetCode.SoldOut))

/** The answer of the order already placed under `w`'s id, or `none()` when there is none. */
async function answerOfPlaced(
  db: Database,
  w: Waiting,
  none: () => Promise<EarnOrder>,
): Promise<EarnOrder> {
  const row = await findOrderTogether(db, w.user.id, w.order.clientOrderId)
  if (!row) return none()
  return answerOfExisting(row, w.order, orderToWire)
}
