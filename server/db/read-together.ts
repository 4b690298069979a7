// Reads of one kind that are asked while others of their kind are under way go together, in one
// statement (issue 28). In a launch rush a server receives a thousand buyers' calls within
// milliseconds, and each read its session (or its order id) in a round trip of its own: on two
// cores every statement is a socket write and a wake-up of PostgreSQL's backend. The first read
// of a turn of the event loop schedules a statement after the turn's other callbacks
// (setImmediate), so a lone read waits for nothing but the turn; while `inFlight` statements are
// out, the reads asked meanwhile wait for one of them to come back and then go in one statement
// of up to `max` keys (a rush's calls arrive spread over many turns: one statement a turn was
// still one for every two or three calls).

type Waiter<V> = { resolve: (value: V | undefined) => void; reject: (err: unknown) => void }

export type ReadTogetherOptions = {
  /** Statements out at once; reads asked meanwhile wait for one to come back. */
  inFlight: number
  /** Keys one statement asks for at most; the rest go in the next. */
  max: number
}

export class ReadTogether<K, V, C> {
  readonly #waiting = new Map<string, { key: K; waiters: Waiter<V>[] }>()
  #context?: C
  #scheduled = false
  #inFlight = 0

  /**
   * `readMany` answers the keys it was asked (by `idOf`); `context` is the first waiting read's
   * (a session read's instant: no session read in a statement expired later than it says).
   */
  constructor(
    private readonly readMany: (keys: K[], context: C) => Promise<Map<string, V>>,
    private readonly idOf: (key: K) => string,
    private readonly options: ReadTogetherOptions,
  ) {}

  read(key: K, context: () => C): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      if (this.#waiting.size === 0) this.#context = context()
      const id = this.idOf(key)
      const waiting = this.#waiting.get(id)
      if (waiting) waiting.waiters.push({ resolve, reject })
      else this.#waiting.set(id, { key, waiters: [{ resolve, reject }] })
      this.#schedule()
    })
  }

  #schedule(): void {
    if (this.#scheduled || this.#inFlight >= this.options.inFlight || !this.#waiting.size) return
    this.#scheduled = true
    setImmediate(() => {
      this.#scheduled = false
      void this.#flush()
    })
  }

  async #flush(): Promise<void> {
    if (this.#inFlight >= this.options.inFlight || !this.#waiting.size) return
    const batch = [...this.#waiting].slice(0, this.options.max)
    // Reads beyond `max` keep the first read's context (asked before their own).
    const context = this.#context!
    for (const [id] of batch) this.#waiting.delete(id)
    this.#inFlight += 1
    try {
      const found = await this.readMany(
        batch.map(([, w]) => w.key),
        context,
      )
      for (const [id, w] of batch) for (const waiter of w.waiters) waiter.resolve(found.get(id))
    } catch (err) {
      for (const [, w] of batch) for (const waiter of w.waiters) waiter.reject(err)
    } finally {
      this.#inFlight -= 1
      this.#schedule()
    }
  }
}
