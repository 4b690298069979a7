// A few at a time in one turn of the event loop (issue 28). A launch rush brings a server a
// thousand pay-orders in a few milliseconds, and a batch's commit answers dozens at once: done
// in one go, either holds the event loop, and every other user's call that came in meanwhile
// waits behind all of them (docs/performance.md, Runs AJ and AN). Between two turns the loop
// takes what else has arrived, so a read waits for a few of them at most.

/** Lets `perTurn` through in one turn of the event loop; the rest in the next turns, in order. */
export class Turns {
  readonly #perTurn: number
  readonly #waiting: (() => void)[] = []
  #from = 0
  #thisTurn = 0
  #scheduled = false

  constructor(perTurn: number) {
    this.#perTurn = perTurn
  }

  /**
   * Resolves at once for the first `perTurn` of this turn (when none waits before), else in the
   * next turns, `perTurn` a turn (setImmediate), in the order asked.
   */
  wait(): Promise<void> {
    this.#schedule()
    if (this.#from === this.#waiting.length && this.#thisTurn < this.#perTurn) {
      this.#thisTurn++
      return Promise.resolve()
    }
    return new Promise((resolve) => this.#waiting.push(resolve))
  }

  /** How many wait for a turn now. */
  get waiting(): number {
    return this.#waiting.length - this.#from
  }

  #schedule(): void {
    if (this.#scheduled) return
    this.#scheduled = true
    setImmediate(() => {
      this.#scheduled = false
      this.#thisTurn = 0
      const until = Math.min(this.#waiting.length, this.#from + this.#perTurn)
      for (; this.#from < until; this.#from++) {
        this.#thisTurn++
        this.#waiting[this.#from]!()
      }
      if (this.#from === this.#waiting.length) {
        this.#waiting.length = 0
        this.#from = 0
      } else this.#schedule()
    })
  }
}
