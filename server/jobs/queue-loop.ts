/**
 * The loop of a database-backed queue worker (export jobs, bot messages): `next` claims and
 * handles one item (false when none is due); the loop drains the queue, then looks again every
 * pollMs. stop() lets the item in hand finish.
 */
export class QueueLoop {
  #stopping = false
  #timer?: ReturnType<typeof setTimeout>
  #current: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly label: string,
    private readonly pollMs: number,
    private readonly next: () => Promise<boolean>,
  ) {}

  get stopping(): boolean {
    return this.#stopping
  }

  /** Handles items until none is due (or stopping); returns how many. */
  async drain(): Promise<number> {
    let n = 0
    while (!this.#stopping && (await this.next())) n++
    return n
  }

  start(): void {
    const loop = () => {
      if (this.#stopping) return
      this.#current = this.drain()
        .catch((err: unknown) => console.error(`[${this.label}] pass failed`, err))
        .finally(() => {
          if (!this.#stopping) this.#timer = setTimeout(loop, this.pollMs)
        })
    }
    // At start: what is due, including what a crashed server left once its lease lapsed.
    loop()
  }

  async stop(): Promise<void> {
    this.#stopping = true
    clearTimeout(this.#timer)
    await this.#current
  }
}
