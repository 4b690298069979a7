import PQueue from 'p-queue'
import { OrderRetCode, orderError } from './order-errors'
import { Turns } from './turns'

// The launch rush (issue 28): thousands of pay-orders reach one server in the same second.
// Left to themselves they all start at once and every one of them waits behind all the others
// at each of its queries (the pool hands out connections in turn), so all finish late together
// and every other user's call waits with them. The gate lets a few run at once, in arrival
// order: the first buyers are answered first, a buyer let in after the quota is gone is answered
// sold out from memory (payOrder's product read), and the other users' reads stay between them.
// A buyer who would wait longer than maxWaitMs, or who finds maxQueued already waiting, is
// answered 315 (the client reads "try again in a moment") rather than a timeout.

export type OrderGateOptions = {
  /** Orders running at once on this server (PAY_ORDER_CONCURRENCY). */
  concurrency: number
  /** Longest wait for a turn, in ms, before the answer is 315 (PAY_ORDER_MAX_WAIT_MS). */
  maxWaitMs: number
  /** Orders waiting at most; one more is answered 315 at once (memory stays bounded). */
  maxQueued?: number
}

export const ORDER_GATE_MAX_QUEUED = 20_000

/**
 * Pay-orders that begin (middleware, body, session read) in one turn of the event loop; more
 * wait for the next turns, this many each. A rush's opening brings a server a thousand of them in a few
 * milliseconds: begun all at once they held its event loop for a quarter of a second, and every
 * other user's call that came in meanwhile waited behind them (docs/performance.md, Run AJ).
 * Between two turns the loop takes what else has arrived, so a read waits for a few of them.
 */
export const ORDER_ARRIVALS_A_TURN = 4

const busy = () => orderError(OrderRetCode.RateLimit, 'many orders at once: try again in a moment')

export class OrderGate {
  readonly #queue: PQueue
  readonly #maxWaitMs: number
  readonly #maxQueued: number
  readonly #arrivals = new Turns(ORDER_ARRIVALS_A_TURN)
  readonly #refused = new WeakSet<object>()

  constructor(options: OrderGateOptions) {
    this.#queue = new PQueue({ concurrency: options.concurrency })
    this.#maxWaitMs = options.maxWaitMs
    this.#maxQueued = options.maxQueued ?? ORDER_GATE_MAX_QUEUED
  }

  /**
   * Resolves when the pay-order `arrival` (Node's request, before any middleware) may begin: at
   * once for the first ORDER_ARRIVALS_A_TURN of a turn of the event loop, later ones in the next
   * turns, that many a turn, in arrival order. With maxQueued already waiting it resolves at
   * once and the call answers 315 (assertAdmitted): memory stays bounded.
   */
  arrive(arrival: object): Promise<void> {
    if (this.arriving >= this.#maxQueued) {
      this.#refused.add(arrival)
      return Promise.resolve()
    }
    return this.#arrivals.wait()
  }

  /** 315 for an arrival that arrive() let through only to be refused. */
  assertAdmitted(arrival: object | undefined): void {
    if (arrival && this.#refused.has(arrival)) throw busy()
  }

  /** Arrivals waiting to begin (tests). */
  get arriving(): number {
    return this.#arrivals.waiting
  }

  /** Orders waiting for a turn now (tests, the bench's notes). */
  get waiting(): number {
    return this.#queue.size
  }

  /**
   * Runs `work` when its turn comes. The wait's deadline ends when the turn starts: an order
   * that started is never answered 315 by the gate, so a buyer told "try again" paid nothing.
   */
  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#queue.size >= this.#maxQueued) return Promise.reject(busy())
    const waited = new AbortController()
    const timer = setTimeout(() => waited.abort(busy()), this.#maxWaitMs)
    return this.#queue.add(
      () => {
        clearTimeout(timer)
        return work()
      },
      { signal: waited.signal },
    )
  }
}
