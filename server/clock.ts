/** Injectable time, so accrual, settlement and expiry are tested by moving the clock. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

/** A clock tests (and the test-only endpoint) can move forward. */
export class ManualClock implements Clock {
  #offsetMs = 0
  constructor(private readonly base: Clock = systemClock) {}
  now(): Date {
    return new Date(this.base.now().getTime() + this.#offsetMs)
  }
  advance(ms: number): void {
    this.#offsetMs += ms
  }
}
