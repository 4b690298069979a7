/** Reconnect backoff helper defaults (spec §9). */
export const BACKOFF_DEFAULTS = { minMs: 100, maxMs: 10_000, factor: 2, jitter: 0 } as const

export type BackoffOptions = {
  minMs?: number
  maxMs?: number
  factor?: number
  /** 0–1: the share of the delay that is randomised either way. */
  jitter?: number
}

/** Exponential delays min × factor^attempt, capped at max, optionally jittered. */
export class Backoff {
  readonly minMs: number
  readonly maxMs: number
  readonly factor: number
  readonly jitter: number
  attempts = 0

  constructor(
    options: BackoffOptions = {},
    private readonly random: () => number = Math.random,
  ) {
    this.minMs = options.minMs ?? BACKOFF_DEFAULTS.minMs
    this.maxMs = options.maxMs ?? BACKOFF_DEFAULTS.maxMs
    this.factor = options.factor ?? BACKOFF_DEFAULTS.factor
    this.jitter = options.jitter ?? BACKOFF_DEFAULTS.jitter
    if (this.jitter < 0 || this.jitter > 1) throw new RangeError('jitter must be between 0 and 1')
  }

  /** The delay before the next attempt; each call counts one attempt. */
  duration(): number {
    let ms = this.minMs * this.factor ** this.attempts++
    if (this.jitter > 0) ms += ms * this.jitter * (this.random() * 2 - 1)
    return Math.round(Math.min(Math.max(ms, this.minMs), this.maxMs))
  }

  reset(): void {
    this.attempts = 0
  }
}
