// The budgets of issue 10. Sizes are in bytes (kB = 1000 bytes, as Vite prints them).

/** Initial JS for /earn/home, gzip: what must load before the first render. */
export const INITIAL_JS_GZIP_BUDGET = 140_700
export const LIGHTHOUSE_SCORE_BUDGET = 95
export const LIGHTHOUSE_LCP_BUDGET_MS = 1800
/** get-homepage-product-cards on PostgreSQL at a fixed 500 requests/s. */
export const API_P99_BUDGET_MS = 25
export const API_BUDGET_RATE = 500
/** Spot quote socket: clients subscribed to realtimes on one server, and their p99 lag. */
export const SOCKET_CLIENTS = 1000
export const SOCKET_P99_LAG_BUDGET_MS = 100
/** The UI quote test: a page receiving 200 quotes 10 times a second; no long task (> 50 ms). */
export const UI_QUOTES = 200
export const UI_PUSHES_PER_SECOND = 10
export const UI_LONG_TASKS_BUDGET = 0

/** Strings that mean code which must never ship: the dev-only Telegram mock, and zod. */
export const FORBIDDEN_IN_BUNDLE = [
  'mockTelegramEnv',
  'mockTelegramForDevelopment',
  'dev-mock-env',
  'DEVELOPMENT-ONLY',
  '$ZodType',
  '$ZodCheck',
  'ZodError',
]

/** Inside Telegram, app live at most this many times the phone browser's (same run, throttled). */
export const TELEGRAM_LIVE_RATIO_BUDGET = 1.1
/** Frames between first paint and live in which the first view's products were not shown. */
export const TELEGRAM_BLANK_FRAMES_BUDGET = 0
/** Cold loads per platform in the telegram section (median). */
export const TELEGRAM_START_RUNS = Number(process.env.BENCH_TELEGRAM_RUNS ?? 5)

/**
 * The launch rush (issue 28): RUSH_USERS users subscribe at the opening of one product whose
 * quota holds RUSH_QUOTA orders, through two servers on one PostgreSQL, while RUSH_READERS
 * other users read cards and positions. BENCH_RUSH_USERS / BENCH_RUSH_QUOTA for quick runs.
 */
export const RUSH_USERS = Number(process.env.BENCH_RUSH_USERS ?? 2000)
export const RUSH_QUOTA = Number(process.env.BENCH_RUSH_QUOTA ?? RUSH_USERS / 2)
export const RUSH_READERS = Number(process.env.BENCH_RUSH_READERS ?? 20)
/**
 * Each reader sends a read this often (or at once when the last took longer): 20 readers at
 * 100 ms are 200 reads a second, 2,000 people's pages each reading every 10 s. Back to back
 * (BENCH_RUSH_READ_EVERY_MS=0) they measured reads at capacity: 600 a second beside the rush.
 */
export const RUSH_READ_EVERY_MS = Number(process.env.BENCH_RUSH_READ_EVERY_MS ?? 100)
/**
 * Before the opening, RUSH_WARMERS other users subscribe to another product for RUSH_WARM_MS
 * (BENCH_RUSH_WARM_MS=0: servers as cold as a fresh start), and every buyer opens the product's
 * page (BENCH_RUSH_OPEN_PAGES=0: each pay-order opens its own connection at the opening).
 */
export const RUSH_WARM_MS = Number(process.env.BENCH_RUSH_WARM_MS ?? 6000)
export const RUSH_WARMERS = Number(process.env.BENCH_RUSH_WARMERS ?? 40)
export const RUSH_OPEN_PAGES = process.env.BENCH_RUSH_OPEN_PAGES !== '0'
/** An answer later than this counts as a timeout (BENCH_RUSH_TIMEOUT_MS). */
export const RUSH_TIMEOUT_MS = Number(process.env.BENCH_RUSH_TIMEOUT_MS ?? 10_000)
/**
 * BENCH_RUSH_RETRY_BUSY_MS: a rush buyer told 315 ("many orders at once: try again in a
 * moment") sends the same order again this long after, until another answer or
 * RUSH_TIMEOUT_MS from the first send. Unset (default): the 315 is the buyer's answer.
 */
export const RUSH_RETRY_BUSY_MS = process.env.BENCH_RUSH_RETRY_BUSY_MS
  ? Number(process.env.BENCH_RUSH_RETRY_BUSY_MS)
  : undefined
/**
 * Rushes in one bench run, each on a fresh PostgreSQL and fresh servers (BENCH_RUSH_RUNS): the
 * budgets judge their median, and every run must sell exactly the quota with no 5xx or timeout.
 * One rush decides its reads' p99 on a few reads in one stretch (docs/performance.md Run AK).
 */
export const RUSH_RUNS = Number(process.env.BENCH_RUSH_RUNS ?? 3)
/** p99 of the rush's answers, and of the other users' reads during it. */
export const RUSH_P99_BUDGET_MS = 2000
export const RUSH_READ_P99_BUDGET_MS = 100
/** pay-order across users (accepted orders a second during the rush). */
export const RUSH_ORDERS_PER_SECOND_BUDGET = 500
/** get-homepage-product-cards at capacity (10 connections). */
export const CARDS_CAPACITY_BUDGET = { PGlite: 2000, PostgreSQL: 5000 } as const

/**
 * Issue 25, /earn/home on the throttled phone (median of the telegram section's runs): first
 * contentful paint, app live in the phone's browser and inside Telegram, and the JS a browser
 * downloads until live (resource timing, bytes on the wire) on the phone and on a desktop.
 */
export const START_FCP_BUDGET_MS = 600
export const START_LIVE_BUDGET_MS = 1200
export const START_JS_PHONE_BUDGET = 110_000
export const START_JS_DESKTOP_BUDGET = 120_000
