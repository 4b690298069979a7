// When a subscription starts earning and when it matures: the server opens positions by these
// and the subscribe sheet says them in words before the order, so both read one rule.

const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000

/** Yield starts at the next whole hour (the accrual job pays whole hours); ms since epoch. */
export const valueDateMs = (subscribedAtMs: number) => Math.ceil(subscribedAtMs / HOUR_MS) * HOUR_MS

/** A fixed term matures `termDays` after the subscription itself; ms since epoch. */
export const maturityMs = (subscribedAtMs: number, termDays: number) =>
  subscribedAtMs + termDays * DAY_MS
