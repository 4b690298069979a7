// The launch rush (issue 28): N funded users subscribe to one product the moment it opens,
// its quota enough for half of them, through one or more servers on one database, while other
// users keep reading cards and positions. Shared by `npm run bench` (section rush) and the
// server tests (tests/server/launch-rush.test.ts, tests/server/pg/launch-rush-pg.test.ts).
import { randomBytes } from 'node:crypto'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'
import { inArray } from 'drizzle-orm'
import pg from 'pg'
import { Agent, request } from 'undici'
import { AccountType, ProductType, WalletRecordType } from '../../contract/enums'
import { OrderRetCode } from '../../contract/order-ret-codes'
import { earnCallPath } from '../../contract/paths'
import { SERVER_TIMING_METRIC } from '../../server/http/server-timing'
import type { Database } from '../../server/db/client'
import { products, sessions, users } from '../../server/db/schema'
import { DEMO_PASSWORD } from '../../server/db/seed-identity'
import { sessionIdOf } from '../../server/http/auth'
import { hashPassword } from '../../server/modules/identity/password'
import { mintEntries, post } from '../../server/modules/earn/ledger'
import { money } from '../../server/modules/earn/money'
import { writeSetting } from '../../server/modules/earn/settings'
import { RushConnection, type Answer } from './rush-connection'

export const RUSH_PRODUCT_ID = 'rush-usdt-14'
/**
 * The product other users keep subscribing to before the opening (warmUp): a production server
 * at a launch has been taking orders for hours, not started a second ago.
 */
export const RUSH_WARM_PRODUCT_ID = 'rush-warm-usdt-14'
/** A warming user's funds: enough for every order of a warm-up. */
const WARM_DEPOSIT_USDT = '1000000'
/** Each order takes the product's minimum and maximum: one order a user. */
export const RUSH_ORDER_AMOUNT = '10'
/** Every rush user gets this many USDT: one order's worth and some. */
export const RUSH_DEPOSIT_USDT = '100'
/** Rush users' ids start here (far above the demo accounts). */
const FIRST_RUSH_USER_ID = 5_000_000

export type RushPlan = {
  /** Users who subscribe at the opening. */
  users: number
  /** Orders the quota holds (each RUSH_ORDER_AMOUNT). */
  quotaOrders: number
  /** Other users who read cards and positions meanwhile. */
  readers: number
  /** Other users who keep subscribing to RUSH_WARM_PRODUCT_ID before the opening (warmUp). */
  warmers?: number
  /** SESSION_SECRET of the server(s): sessions are written straight into the table. */
  sessionSecret: string
  /** When the product opens (a moment in the past opens it right away). */
  opensAt: Date
}

export type RushUsers = { buyers: string[]; readers: string[]; warmers?: string[] }

/**
 * Runs on the migrated and seeded database before the servers start, as bench-user.ts prepares
 * the bench's user: users made like the demo accounts (same password hash, KYC level 2), each
 * funded by a Deposit posting, and a session each. The sessions are inserted rather than made
 * by logging in: N scrypt logins (~50 ms of CPU each) would take minutes on two cores and
 * measure the login, not the rush. Returns the session tokens.
 */
export async function prepareRush(db: Database, plan: RushPlan): Promise<RushUsers> {
  await writeSetting(db, 'order_rate_limit_per_minute', '1000000')
  const warmers = plan.warmers ?? 0
  const total = plan.users + plan.readers + warmers
  const ids = Array.from({ length: total }, (_, i) => FIRST_RUSH_USER_ID + i)
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const now = new Date()
  const tokens = ids.map(() => randomBytes(32).toString('base64url'))
  for (let i = 0; i < total; i += 500) {
    const slice = ids.slice(i, i + 500)
    await db.insert(users).values(
      slice.map((id) => ({
        id,
        username: `rush${id}`,
        email: `rush${id}@earn.test`,
        passwordHash,
        emailVerified: true,
        countryCode: 'SG',
        kycLevel: 2,
        kycCountryCode: 'SG',
      })),
    )
    await db.insert(sessions).values(
      slice.map((id, j) => ({
        id: sessionIdOf(tokens[i + j]!, plan.sessionSecret),
        userId: id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + 86_400_000),
        method: 'password',
      })),
    )
  }
  const firstWarmer = plan.users + plan.readers
  await db.transaction(async (tx) => {
    for (const [i, id] of ids.entries()) {
      const amount = money(i < firstWarmer ? RUSH_DEPOSIT_USDT : WARM_DEPOSIT_USDT)
      await post(tx, {
        userId: id,
        kind: WalletRecordType.Deposit,
        coin: 'USDT',
        amount,
        at: now,
        entries: mintEntries(id, 'USDT', AccountType.FUNDING, amount),
      })
    }
  })
  const quota = money(RUSH_ORDER_AMOUNT).times(plan.quotaOrders).toFixed()
  await db
    .insert(products)
    .values(rushProduct(RUSH_PRODUCT_ID, '0.1200', RUSH_ORDER_AMOUNT, quota, plan.opensAt))
  if (warmers > 0) {
    const warmQuota = money(WARM_DEPOSIT_USDT).times(warmers).toFixed()
    await db
      .insert(products)
      .values(
        rushProduct(
          RUSH_WARM_PRODUCT_ID,
          '0.0800',
          WARM_DEPOSIT_USDT,
          warmQuota,
          new Date(now.getTime() - 1000),
        ),
      )
  }
  return {
    buyers: tokens.slice(0, plan.users),
    readers: tokens.slice(plan.users, firstWarmer),
    warmers: tokens.slice(firstWarmer),
  }
}

/**
 * Before the opening: the warming users subscribe to RUSH_WARM_PRODUCT_ID one order after
 * another, each of them, spread over the servers, until `untilMs` (Date.now()). A server that
 * has only just started runs pay-order's code cold (V8 compiles and optimises it as it goes):
 * about three times the CPU of an order on a server that has been taking orders, which is what a
 * launch meets in production. Returns the orders placed and the answers other than success.
 */
export async function warmUp(
  servers: string[],
  tokens: RushUsers,
  untilMs: number,
): Promise<{ orders: number; failed: string[] }> {
  const run = randomBytes(4).toString('hex')
  let orders = 0
  const failed: string[] = []
  await Promise.all(
    (tokens.warmers ?? []).map(async (token, i) => {
      const server = servers[i % servers.length]!
      for (let n = 0; Date.now() < untilMs; n++) {
        const order = {
          order_id: `warm-${run}-${i}-${n}`,
          product_id: RUSH_WARM_PRODUCT_ID,
          amount: RUSH_ORDER_AMOUNT,
        }
        const r = await call(server, 'pay-order', order, token, 10_000)
        orders++
        if (r.retCode !== 0 && failed.length < 5) failed.push(`${r.status} ${r.body.slice(0, 160)}`)
      }
    }),
  )
  return { orders, failed }
}

/** A 14-day fixed-term USDT product from RUSH_ORDER_AMOUNT to `maxAmount`, open from `opensAt`. */
const rushProduct = (id: string, apr: string, maxAmount: string, quota: string, opensAt: Date) => ({
  id,
  productType: ProductType.FixedTerm,
  coin: 'USDT',
  apr,
  termDays: 14,
  minAmount: RUSH_ORDER_AMOUNT,
  maxAmount,
  totalQuota: quota,
  remainingQuota: quota,
  subscribeStartAt: opensAt,
  subscribeEndAt: null,
  earlyRedeem: false,
})

/** Moves the opening (PostgreSQL, while the servers run): the rush starts at a known moment. */
export async function openRushAt(db: Database, at: Date): Promise<void> {
  await db
    .update(products)
    .set({ subscribeStartAt: at })
    .where(inArray(products.id, [RUSH_PRODUCT_ID]))
}

/** The buyers' pages open over this long before the opening (runRush's openPages). */
const OPEN_PAGES_OVER_MS = 1500

export type AnswerClass =
  'success' | 'soldOut' | 'rateLimited' | 'other' | 'serverError' | 'timeout'

export type RushResult = {
  answers: Record<AnswerClass, number>
  /** The first answers outside success / 302 / 315, to say why. */
  samples: string[]
  p50Ms: number
  p99Ms: number
  maxMs: number
  /** From the first request sent to the last answer in. */
  durationMs: number
  /** Answers per second over the rush. */
  answersPerSecond: number
  /** Accepted orders per second, from the first request to the last accepted answer. */
  acceptedPerSecond: number
  /** Sends again after a 315 (retryBusyAfterMs). */
  retries: number
  reads: {
    count: number
    p50Ms: number
    p99Ms: number
    failed: number
    failures: string[]
    /** p99 of the anonymous cards reads alone (the others are a logged-in user's positions). */
    cardsP99Ms: number
    /**
     * p99 of the same reads' time inside the server (Server-Timing): what the server took, with
     * the rest of the time above spent on the way (sockets, both processes waiting for a core).
     */
    serverP99Ms: number
    cardsServerP99Ms: number
    /** p99 of the reads each server answered, in the order of `servers`. */
    byServerP99Ms: number[]
    /**
     * The reads slower than `slowReadMs`: how many, and when the first and the last of them
     * were sent, in ms after the rush's first send (NaN when none was).
     */
    slow: { count: number; firstSentMs: number; lastSentMs: number }
  }
  /**
   * The load generator's own event-loop delay over the rush, p99 and max (ms): an answer that
   * arrived while the generator was busy is timed late by up to this much.
   */
  generatorLag: { p99Ms: number; maxMs: number }
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : NaN

type Call = {
  status: number
  retCode?: number
  body: string
  ms: number
  timedOut: boolean
  /** The server's own time for the answer (its Server-Timing header), when it said. */
  serverMs?: number
}

const PAY_ORDER_PATH = earnCallPath('pay-order')

/** A buyer's answer (rush-connection.ts) as a Call, timed from `started`. */
function callOf(answer: Answer, started: number): Call {
  return {
    status: answer.status,
    retCode: retCodeOf(answer.body),
    body: answer.body,
    ms: performance.now() - started,
    timedOut: answer.timedOut,
    serverMs: serverMsOf(answer.serverTiming ?? null),
  }
}

/** The ret_code an envelope's text starts with (the server writes it first). */
const retCodeOf = (text: string) => {
  const code = /^\{"ret_code":(\d+)/.exec(text)?.[1]
  return code ? Number(code) : undefined
}

/** The `app` duration of a Server-Timing header (server/http/server-timing.ts). */
const serverMsOf = (header: string | null) => {
  const dur = header && new RegExp(`(?:^|,)\\s*${SERVER_TIMING_METRIC};dur=([\\d.]+)`).exec(header)
  return dur ? Number(dur[1]) : undefined
}

/**
 * The readers' and the warm-up's HTTP client (the buyers have rush-connection.ts): undici's
 * request API over kept-alive connections, one pool per server. The load generator shares the
 * machine's two cores with the servers and PostgreSQL, so what each of its calls costs is CPU the servers do not get: `fetch` cost 0.51–0.59 ms of
 * CPU a call, undici's `request` 0.15–0.17 ms (2,000 concurrent POSTs, docs/performance.md
 * Run AF). Each thread that loads this module has its own (the readers' worker too).
 */
const client = new Agent()

async function call(
  url: string,
  name: string,
  body: object,
  token: string | undefined,
  timeoutMs: number,
): Promise<Call> {
  const started = performance.now()
  try {
    const res = await request(url + earnCallPath(name), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { usertoken: token } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      dispatcher: client,
    })
    const text = await res.body.text()
    const ms = performance.now() - started
    const timing = res.headers['server-timing']
    return {
      status: res.statusCode,
      retCode: retCodeOf(text),
      body: text,
      ms,
      timedOut: false,
      serverMs: serverMsOf(Array.isArray(timing) ? timing.join(',') : (timing ?? null)),
    }
  } catch (err) {
    const ms = performance.now() - started
    const timedOut =
      err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
    return { status: 0, body: String(err), ms, timedOut }
  }
}

/**
 * Fires every buyer's pay-order at once (spread over the servers in turn) while the readers
 * loop over get-homepage-product-cards (anonymous) and get-positions (logged in). Resolves when
 * every buyer has an answer or timed out.
 */
export async function runRush(
  servers: string[],
  tokens: RushUsers,
  options: {
    timeoutMs?: number
    startAt?: number
    /**
     * A buyer answered 315 sends the same order again after this pause, as a person told "try
     * again in a moment" taps again, until another answer or the timeout (from the first send).
     * Unset: the 315 is the buyer's answer.
     */
    retryBusyAfterMs?: number
    /**
     * Each buyer opens the product's page (get-product-detail) before the opening, as a person
     * waiting for a launch does: the pay-order then goes over a connection already open, where
     * 2,000 connections opened in the same millisecond would measure the machine's accept queue
     * (dropped SYNs sent again after 1, 3 and 7 s) rather than the server.
     */
    openPages?: boolean
    /**
     * The readers send from a worker thread of their own, as other people's phones would: the
     * buyers' 2,000 sends and answers hold this thread's event loop for hundreds of ms at a
     * time, and a read answered meanwhile would be timed late by as much. The bench sets it;
     * the tests read in this thread (a worker needs tsx's loader, which vitest does not give).
     */
    readersApart?: boolean
    /** Each reader's pace: a read this often (unset: back to back). */
    readEveryMs?: number
    /** Called at startAt, just before the buyers send (the bench reads CPU times there). */
    atOpening?: () => void
    /** A read slower than this is counted in `reads.slow` (default 100 ms). */
    slowReadMs?: number
  } = {},
): Promise<RushResult> {
  const timeoutMs = options.timeoutMs ?? 10_000
  const run = randomBytes(4).toString('hex')
  const readers: Readers = {
    servers,
    tokens: tokens.readers,
    timeoutMs,
    everyMs: options.readEveryMs ?? 0,
  }
  const readLoops = options.readersApart ? readInWorker(readers) : readHere(readers)
  // Each buyer's connection (rush-connection.ts), its page opened over it when asked, and its
  // pay-order written but for its headers' last byte: the opening sends the rest.
  const buyers = await Promise.all(
    tokens.buyers.map(async (token, i) => {
      const server = servers[i % servers.length]!
      if (options.openPages)
        // People open the page over the minutes before a launch: here over OPEN_PAGES_OVER_MS.
        await new Promise((r) => setTimeout(r, (i * OPEN_PAGES_OVER_MS) / tokens.buyers.length))
      const connection = await RushConnection.open(server)
      if (options.openPages)
        await connection.post(
          earnCallPath('get-product-detail'),
          { product_id: RUSH_PRODUCT_ID },
          token,
          timeoutMs,
        )
      const order = {
        order_id: `rush-${run}-${i}`,
        product_id: RUSH_PRODUCT_ID,
        amount: RUSH_ORDER_AMOUNT,
      }
      return { token, order, connection, held: connection.hold(PAY_ORDER_PATH, order, token) }
    }),
  )
  if (options.startAt)
    await new Promise((r) => setTimeout(r, Math.max(0, options.startAt! - Date.now())))
  options.atOpening?.()
  const answers: Record<AnswerClass, number> = {
    success: 0,
    soldOut: 0,
    rateLimited: 0,
    other: 0,
    serverError: 0,
    timeout: 0,
  }
  const samples: string[] = []
  const times: number[] = []
  let retries = 0
  const lag = monitorEventLoopDelay({ resolution: 10 })
  lag.enable()
  const started = performance.now()
  let lastAccepted = started
  // Every buyer's rest is written before any answer is read: the opening's sends in one go.
  const sent = buyers.map((b) => ({ ...b, first: performance.now(), answer: b.held.go(timeoutMs) }))
  await Promise.all(
    sent.map(async ({ token, order, connection, first, answer }) => {
      const again = (ms: number) => connection.post(PAY_ORDER_PATH, order, token, ms)
      let r = callOf(await answer, first)
      const pause = options.retryBusyAfterMs
      while (pause !== undefined && r.retCode === OrderRetCode.RateLimit) {
        const left = timeoutMs - (performance.now() - first) - pause
        if (left <= 0) {
          r = { ...r, timedOut: true }
          break
        }
        retries++
        await new Promise((resolve) => setTimeout(resolve, pause))
        const retried = performance.now()
        r = callOf(await again(Math.ceil(left)), retried)
      }
      r = { ...r, ms: performance.now() - first }
      times.push(r.ms)
      const kind: AnswerClass = r.timedOut
        ? 'timeout'
        : r.status >= 500
          ? 'serverError'
          : r.retCode === 0
            ? 'success'
            : r.retCode === OrderRetCode.SoldOut
              ? 'soldOut'
              : r.retCode === OrderRetCode.RateLimit
                ? 'rateLimited'
                : 'other'
      answers[kind]++
      if (kind === 'success') lastAccepted = performance.now()
      if (kind !== 'success' && kind !== 'soldOut' && kind !== 'rateLimited' && samples.length < 5)
        samples.push(`${r.status} ${r.body.slice(0, 160)}`)
    }),
  )
  const durationMs = performance.now() - started
  lag.disable()
  for (const b of buyers) b.connection.close()
  // The reads made during the rush: those sent from its first send until its last answer. A read
  // sent before the opening (while the buyers' pages opened) was slow or fast for the page opens,
  // not for the rush; one sent after the last answer meets a quiet server.
  const openedAt = performance.timeOrigin + started
  const during = (await readLoops.stop()).filter(
    (r) => r.startedAt >= openedAt && r.startedAt <= openedAt + durationMs,
  )
  const p99Of = (list: Read[], of: (r: Read) => number | undefined) =>
    percentile(
      list
        .map(of)
        .filter((ms): ms is number => ms !== undefined)
        .sort((a, b) => a - b),
      99,
    )
  const reads = during.map((r) => r.ms).sort((a, b) => a - b)
  const cards = during.filter((r) => r.anonymous)
  const failed = during.filter((r) => r.failure !== undefined)
  const slowSent = during
    .filter((r) => r.ms > (options.slowReadMs ?? 100))
    .map((r) => r.startedAt - openedAt)
    .sort((a, b) => a - b)
  times.sort((a, b) => a - b)
  return {
    answers,
    samples,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    maxMs: times.at(-1) ?? NaN,
    durationMs,
    answersPerSecond: (tokens.buyers.length * 1000) / durationMs,
    acceptedPerSecond: (answers.success * 1000) / Math.max(1, lastAccepted - started),
    retries,
    reads: {
      count: reads.length,
      p50Ms: percentile(reads, 50),
      p99Ms: percentile(reads, 99),
      failed: failed.length,
      failures: failed.slice(0, 3).map((r) => r.failure!),
      cardsP99Ms: p99Of(cards, (r) => r.ms),
      serverP99Ms: p99Of(during, (r) => r.serverMs),
      cardsServerP99Ms: p99Of(cards, (r) => r.serverMs),
      byServerP99Ms: servers.map((_, at) =>
        p99Of(
          during.filter((r) => r.server === at),
          (r) => r.ms,
        ),
      ),
      slow: {
        count: slowSent.length,
        firstSentMs: slowSent[0] ?? NaN,
        lastSentMs: slowSent.at(-1) ?? NaN,
      },
    },
    generatorLag: { p99Ms: lag.percentile(99) / 1e6, maxMs: lag.max / 1e6 },
  }
}

/** One read of a reader: a cards read when anonymous, else the reader's positions. */
export type Read = {
  anonymous: boolean
  /** Index of the server in runRush's `servers`. */
  server: number
  /** performance.timeOrigin + performance.now() at the send: the same clock in every thread. */
  startedAt: number
  ms: number
  serverMs?: number
  /** Set when the answer was not a 200 with ret_code 0. */
  failure?: string
}

/** The readers of a rush: what readHere needs, and what a worker is given (workerData). */
export type Readers = {
  servers: string[]
  /** One session token per reader. */
  tokens: string[]
  timeoutMs: number
  /** A read each this often per reader; 0: back to back. */
  everyMs: number
}

type ReadLoops = { stop: () => Promise<Read[]> }

/**
 * Every reader reads in a loop until stopped: reader i reads cards (anonymous) when i is even,
 * its positions when odd, on server ⌊i / 2⌋ (so each server gets both kinds).
 */
export function readHere({ servers, tokens, timeoutMs, everyMs }: Readers): ReadLoops {
  let reading = true
  const reads: Read[] = []
  const loops = tokens.map(async (token, i) => {
    const server = Math.floor(i / 2) % servers.length
    const anonymous = i % 2 === 0
    while (reading) {
      const startedAt = performance.timeOrigin + performance.now()
      const r = await call(
        servers[server]!,
        anonymous ? 'get-homepage-product-cards' : 'get-positions',
        {},
        anonymous ? undefined : token,
        timeoutMs,
      )
      if (!reading) break
      const ok = r.status === 200 && r.retCode === 0
      reads.push({
        anonymous,
        server,
        startedAt,
        ms: r.ms,
        serverMs: r.serverMs,
        ...(ok ? {} : { failure: `${Math.round(r.ms)} ms ${r.status} ${r.body.slice(0, 120)}` }),
      })
      const next = startedAt + everyMs - (performance.timeOrigin + performance.now())
      if (next > 0) await new Promise((resolve) => setTimeout(resolve, next))
    }
  })
  return {
    stop: async () => {
      reading = false
      await Promise.all(loops)
      return reads
    },
  }
}

/** readHere in a worker thread (scripts/bench/rush-readers.ts). */
function readInWorker(readers: Readers): ReadLoops {
  // A worker does not inherit the bench's `--import tsx` loader: it loads its file through tsx.
  const file = JSON.stringify(new URL('./rush-readers.ts', import.meta.url).href)
  const worker = new Worker(
    `import('tsx/esm/api').then(({ tsImport }) => tsImport(${file}, ${file}))`,
    { eval: true, workerData: readers },
  )
  const done = new Promise<Read[]>((resolve, reject) => {
    worker.once('message', (reads: Read[]) => resolve(reads))
    worker.once('error', reject)
  })
  return {
    stop: async () => {
      worker.postMessage('stop')
      const reads = await done
      await worker.terminate()
      return reads
    },
  }
}

/**
 * The floor: a bare transaction with the same writes as a subscription (one order row, one
 * ledger posting with its two entries, one balance update) through the same driver (pg), from
 * `concurrency` connections over distinct users. Returns transactions per second.
 */
export async function measureFloor(
  databaseUrl: string,
  options: { transactions: number; concurrency: number; userIds: number[] },
): Promise<{ perSecond: number; p99Ms: number }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.concurrency })
  // pool.end() resolves before its connections have closed: PostgreSQL stopped right after (the
  // next rush's fresh one) ends them first, an error on an idle client with no one to hear it.
  pool.on('error', () => undefined)
  const run = randomBytes(4).toString('hex')
  const times: number[] = []
  let next = 0
  const started = performance.now()
  try {
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        const client = await pool.connect()
        try {
          for (let n = next++; n < options.transactions; n = next++) {
            const userId = options.userIds[n % options.userIds.length]!
            const t = performance.now()
            const at = new Date()
            await client.query('begin')
            await client.query(
              `insert into earn_orders (id, user_id, client_order_id, action, request_hash,
                 product_id, product_type, coin, amount, status, created_at, updated_at)
               values ($1, $2, $3, 'pay', '', $4, $5, 'USDT', 0.000001, 'success', $6, $6)`,
              [
                `floor_${run}_${n}`,
                userId,
                `floor-${run}-${n}`,
                RUSH_PRODUCT_ID,
                ProductType.FixedTerm,
                at,
              ],
            )
            const posting = await client.query<{ id: string }>(
              `insert into ledger_postings (user_id, kind, coin, amount, created_at)
               values ($1, $2, 'USDT', 0.000001, $3) returning id`,
              [userId, WalletRecordType.Stake, at],
            )
            await client.query(
              `insert into ledger_entries (posting_id, user_id, coin, account_type, amount)
               values ($1, $2, 'USDT', $3, -0.000001), ($1, $2, 'USDT', $4, 0.000001)`,
              [posting.rows[0]!.id, userId, AccountType.FUNDING, AccountType.EARN],
            )
            await client.query(
              `update earn_accounts set balance = balance - 0.000001
               where user_id = $1 and coin = 'USDT' and account_type = $2 and balance >= 0.000001`,
              [userId, AccountType.FUNDING],
            )
            await client.query('commit')
            times.push(performance.now() - t)
          }
        } finally {
          client.release()
        }
      }),
    )
  } finally {
    await pool.end()
  }
  times.sort((a, b) => a - b)
  return {
    perSecond: (options.transactions * 1000) / (performance.now() - started),
    p99Ms: percentile(times, 99),
  }
}

/** The rush users' ids (for the floor, which writes as them). */
export const rushUserIds = (count: number) =>
  Array.from({ length: count }, (_, i) => FIRST_RUSH_USER_ID + i)
