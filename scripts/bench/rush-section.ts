// `npm run bench` section rush (issue 28): the launch rush on two servers over one PostgreSQL,
// and the floor (a bare transaction with the same writes) on the same database in the same run.
import { randomBytes } from 'node:crypto'
import { cpus, loadavg } from 'node:os'
import { openDatabase } from '../../server/db/client'
import type { PayBatchFigures } from '../../server/modules/earn/order-batch'
import type {
  GcPauseFigures,
  LoopDelayFigures,
  LoopDelayWindow,
} from '../../server/modules/health/loop-delay'
import { startBenchServer, type BenchServer } from './bench-server'
import { ownCpuMs, treeCpuMs } from './cpu-time'
import {
  RUSH_OPEN_PAGES,
  RUSH_ORDERS_PER_SECOND_BUDGET,
  RUSH_P99_BUDGET_MS,
  RUSH_QUOTA,
  RUSH_READ_P99_BUDGET_MS,
  RUSH_READERS,
  RUSH_READ_EVERY_MS,
  RUSH_RETRY_BUSY_MS,
  RUSH_RUNS,
  RUSH_TIMEOUT_MS,
  RUSH_USERS,
  RUSH_WARM_MS,
  RUSH_WARMERS,
} from './budgets'
import { startPostgres } from './postgres'
import { median, row, type Row } from './report'
import {
  measureFloor,
  openRushAt,
  prepareRush,
  runRush,
  rushUserIds,
  warmUp,
  type RushResult,
  type RushUsers,
} from './rush'

/** How long after the warm-up the product opens: every buyer's page is open by then. */
const OPENS_IN_MS = 3000
const FLOOR_TRANSACTIONS = Number(process.env.BENCH_FLOOR_TRANSACTIONS ?? 4000)
/** The floor's connections: as many as one server's pool (server/db/client.ts). */
const FLOOR_CONCURRENCY = 20

/** What one rush measured: its answers, the servers' own figures, and the floor after it. */
type RushRun = {
  r: RushResult
  warm: { orders: number; failed: string[] }
  /** CPU per accepted order in the warm-up's second half, when there is a warm-up. */
  steady?: { servers: number; postgres: number; load: number }
  /** CPU per pay-order answered in the rush (315s included). */
  perAnswer: { servers: number; postgres: number; load: number }
  answered: number
  load: { before: number; after: number }
  loops: LoopDelayWindow[]
  gc: { pauses: number; ms: number; longest: number }[]
  batched: PayBatchFigures
  floor: { perSecond: number; p99Ms: number }
  floorCpu: { postgresMs: number; clientMs: number }
}

/**
 * The launch rush RUSH_RUNS times, each on a fresh PostgreSQL with fresh servers. The budgets
 * judge the runs' median; the quota and the answers are checked in every run (the worst run's
 * figure is the row's value); each run's figures are in the row's note.
 */
export async function rushRows(ctx: {
  staticDir: string
  rows: Row[]
  details: Record<string, unknown>
  log: (m: string) => void
}): Promise<void> {
  const { rows, log } = ctx
  const section = `launch rush: ${RUSH_USERS} users, quota ${RUSH_QUOTA}, 2 servers, PostgreSQL`
  const runs: RushRun[] = []
  for (let i = 1; i <= RUSH_RUNS; i++) {
    log(`rush: run ${i} of ${RUSH_RUNS}`)
    runs.push(await oneRush(ctx.staticDir, log))
  }
  ctx.details['launch rush'] = runs.map(({ r, floor, warm, load }) => ({
    rush: r,
    floor,
    warm,
    load,
  }))
  const mid = (f: (run: RushRun) => number) => median(runs.map(f))
  const each = (f: (run: RushRun) => number, digits = 0) =>
    `${runs.length > 1 ? 'runs ' : ''}${runs.map((run) => f(run).toFixed(digits)).join(' / ')}`
  const ofRuns = runs.length > 1 ? `median of ${runs.length} runs` : 'one run'
  // The run whose reads' p99 is the median: its reads' details stand for the section's.
  const middle = [...runs].sort((a, b) => a.r.reads.p99Ms - b.r.reads.p99Ms)[runs.length >> 1]!
  const first = runs[0]!
  const worstAccepted = runs
    .map((run) => run.r.answers.success)
    .sort((a, b) => Math.abs(b - RUSH_QUOTA) - Math.abs(a - RUSH_QUOTA))[0]!
  const badAnswers = (run: RushRun) =>
    run.r.answers.other + run.r.answers.serverError + run.r.answers.timeout
  rows.push(
    row({
      section,
      figure: 'orders accepted',
      value: worstAccepted,
      unit: '',
      budget: { min: RUSH_QUOTA, max: RUSH_QUOTA },
      note:
        `the run farthest from the quota; ${each((run) => run.r.answers.success)}; ` +
        `load ${runs.map((run) => `${run.load.before.toFixed(1)} → ${run.load.after.toFixed(1)}`).join(', ')}; ` +
        (RUSH_WARM_MS > 0
          ? `servers warmed by ${each((run) => run.warm.orders)} orders of ${RUSH_WARMERS} other users in ${RUSH_WARM_MS} ms${runs.some((run) => run.warm.failed.length) ? ` (not accepted: ${runs.flatMap((run) => run.warm.failed).join(' | ')})` : ''}`
          : 'servers cold') +
        (RUSH_OPEN_PAGES ? '; pages open before the opening' : '; no page open before'),
    }),
    row({
      section,
      figure: 'answers sold out (302) / rate limited (315)',
      value: mid((run) => run.r.answers.soldOut + run.r.answers.rateLimited),
      unit: '',
      note:
        `${ofRuns}; 302: ${each((run) => run.r.answers.soldOut)}, 315: ${each((run) => run.r.answers.rateLimited)}` +
        (RUSH_RETRY_BUSY_MS === undefined
          ? ''
          : `; sends again after a 315 (${RUSH_RETRY_BUSY_MS} ms later): ${each((run) => run.r.retries)}`),
    }),
    row({
      section,
      figure: 'answers other / 5xx / timeout',
      value: Math.max(...runs.map(badAnswers)),
      unit: '',
      budget: { max: 0 },
      note: `the worst run; ${runs
        .map(({ r: { answers: a, samples } }) =>
          `${a.other} other, ${a.serverError} 5xx, ${a.timeout} timeouts (> ${RUSH_TIMEOUT_MS} ms) ${samples.join(' | ')}`.trim(),
        )
        .join('; ')}`,
    }),
    row({
      section,
      figure: 'rush p50',
      value: mid((run) => run.r.p50Ms),
      unit: 'ms',
      note: `${ofRuns}; ${each((run) => run.r.p50Ms)} ms`,
    }),
    row({
      section,
      figure: 'rush p99',
      value: mid((run) => run.r.p99Ms),
      unit: 'ms',
      budget: { max: RUSH_P99_BUDGET_MS },
      note: `${ofRuns}; ${each((run) => run.r.p99Ms)} ms; max ${each((run) => run.r.maxMs)} ms; all answered in ${each((run) => run.r.durationMs)} ms`,
    }),
    row({
      section,
      figure: "other users' reads p99 during the rush",
      value: mid((run) => run.r.reads.p99Ms),
      unit: 'ms',
      budget: { max: RUSH_READ_P99_BUDGET_MS },
      note: `${ofRuns}; ${each((run) => run.r.reads.p99Ms)} ms; the median run: ${readsNote(middle.r.reads)}`,
    }),
    row({
      section,
      figure: "other users' reads p99 during the rush, inside the servers",
      value: mid((run) => run.r.reads.serverP99Ms),
      unit: 'ms',
      note: `${ofRuns}; ${each((run) => run.r.reads.serverP99Ms)} ms; cards alone ${each((run) => run.r.reads.cardsServerP99Ms)} ms (each answer's Server-Timing); the rest of the time above is spent on the way: sockets, and this process and the servers waiting for a core`,
    }),
    row({
      section,
      figure: "load generator's event-loop delay p99 during the rush",
      value: mid((run) => run.r.generatorLag.p99Ms),
      unit: 'ms',
      note: `${ofRuns}; max ${each((run) => run.r.generatorLag.maxMs)} ms: answers that arrive meanwhile are timed late by up to this much`,
    }),
    row({
      section,
      figure: "servers' event-loop delay p99 (worst 10 s window of the rush)",
      value: mid((run) => Math.max(...run.loops.map((l) => l.p99))),
      unit: 'ms',
      note: `${ofRuns}; per server p99 / max: ${runs.map((run) => run.loops.map((l) => `${l.p99} / ${l.max} ms`).join(', ')).join('; ')} (/health; the window may hold the warm-up's end)`,
    }),
    row({
      section,
      figure: "servers' garbage-collector pauses during the rush",
      value: Math.round(mid((run) => run.gc.reduce((sum, g) => sum + g.ms, 0))),
      unit: 'ms',
      note: `${ofRuns}; the median run per server: ${middle.gc.map((g) => `${g.pauses} pauses, ${Math.round(g.ms)} ms, longest ${g.longest} ms`).join('; ')} (/health gc_pause_ms, the longest of the worse 10 s window)`,
    }),
    row({
      section,
      figure: 'pay-orders that went in batches during the rush',
      value: mid((run) => run.batched.batched),
      unit: '',
      note: `${ofRuns}; the median run: ${middle.batched.batches} batches (the largest ${middle.batched.largest}), ${middle.batched.alone} alone, ${middle.batched.undone} batches undone, ${middle.batched.soldOut} told sold out from a batch's word on the quota (/health pay_orders, both servers)`,
    }),
    row({
      section,
      figure: 'answers/s',
      value: mid((run) => run.r.answersPerSecond),
      unit: 'req/s',
      note: `${ofRuns}; ${each((run) => run.r.answersPerSecond)}/s`,
    }),
    row({
      section,
      figure: 'pay-order across users (accepted/s)',
      value: mid((run) => run.r.acceptedPerSecond),
      unit: 'req/s',
      budget: { min: RUSH_ORDERS_PER_SECOND_BUDGET },
      note: `${ofRuns}; ${each((run) => run.r.acceptedPerSecond)}/s`,
    }),
    ...(first.steady
      ? [
          row({
            section,
            figure: 'CPU per accepted order, warm, no rush: servers + PostgreSQL',
            value: mid((run) => run.steady!.servers + run.steady!.postgres),
            unit: 'ms',
            note:
              `${ofRuns}; servers ${mid((run) => run.steady!.servers).toFixed(1)} ms, PostgreSQL ${mid((run) => run.steady!.postgres).toFixed(1)} ms, ` +
              `load generator ${mid((run) => run.steady!.load).toFixed(1)} ms (the warm-up's second half); ` +
              `${cpus().length} cores take at most ` +
              `${Math.round((cpus().length * 1000) / mid((run) => run.steady!.servers + run.steady!.postgres))} orders/s at this cost`,
          }),
        ]
      : []),
    row({
      section,
      figure: 'CPU per pay-order answered in the rush: servers',
      value: mid((run) => run.perAnswer.servers),
      unit: 'ms',
      note:
        `${ofRuns}; PostgreSQL ${mid((run) => run.perAnswer.postgres).toFixed(1)} ms, load generator ${mid((run) => run.perAnswer.load).toFixed(1)} ms ` +
        `(readers' calls included, over ${each((run) => run.answered)} pay-orders answered, 315s included)`,
    }),
    row({
      section,
      figure: 'floor: bare transaction, same writes, pg',
      value: mid((run) => run.floor.perSecond),
      unit: 'req/s',
      note:
        `${ofRuns}; ${each((run) => run.floor.perSecond)}/s; ${FLOOR_CONCURRENCY} connections, p99 ${each((run) => run.floor.p99Ms, 1)} ms; CPU a transaction: ` +
        `PostgreSQL ${mid((run) => run.floorCpu.postgresMs).toFixed(2)} ms, the client (pg) ${mid((run) => run.floorCpu.clientMs).toFixed(2)} ms`,
    }),
    row({
      section,
      figure: 'pay-order ÷ floor',
      value: Number(mid((run) => run.r.acceptedPerSecond / run.floor.perSecond).toFixed(2)),
      unit: '',
      note: `${ofRuns}, each run's accepted/s over its own floor; ${each((run) => run.r.acceptedPerSecond / run.floor.perSecond, 2)}`,
    }),
  )
}

/** A run's reads in words: how many, from whom, their middle, and where the slow ones fell. */
const readsNote = (reads: RushResult['reads']) =>
  `${reads.count} reads sent during the rush by ${RUSH_READERS} users, each every ${RUSH_READ_EVERY_MS} ms from a thread of their own, p50 ${reads.p50Ms.toFixed(1)} ms, cards alone p99 ${Math.round(reads.cardsP99Ms)} ms, p99 by server ${reads.byServerP99Ms.map((ms) => `${Math.round(ms)} ms`).join(' / ')}, ${slowReads(reads.slow)}, ${reads.failed} failed ${reads.failures.join(' | ')}`.trim()

/** One launch rush on a fresh PostgreSQL and two fresh servers, then the floor on that database. */
async function oneRush(staticDir: string, log: (m: string) => void): Promise<RushRun> {
  const postgres = await startPostgres()
  const servers: BenchServer[] = []
  try {
    const sessionSecret = randomBytes(24).toString('hex')
    let tokens: RushUsers | undefined
    log(`rush: preparing ${RUSH_USERS} users and ${RUSH_READERS} readers`)
    servers.push(
      await startBenchServer({
        databaseUrl: postgres.url,
        staticDir,
        sessionSecret,
        prepare: async (db) => {
          tokens = await prepareRush(db, {
            users: RUSH_USERS,
            quotaOrders: RUSH_QUOTA,
            readers: RUSH_READERS,
            warmers: RUSH_WARM_MS > 0 ? RUSH_WARMERS : 0,
            sessionSecret,
            // Opened for real once both servers run (openRushAt).
            opensAt: new Date(Date.now() + 86_400_000),
          })
        },
      }),
    )
    servers.push(
      await startBenchServer({
        databaseUrl: postgres.url,
        staticDir,
        sessionSecret,
      }),
    )
    const warmUntil = Date.now() + RUSH_WARM_MS
    const opensAt = warmUntil + OPENS_IN_MS
    const handle = await openDatabase({ kind: 'postgres', url: postgres.url, maxConnections: 1 })
    try {
      await openRushAt(handle.db, new Date(opensAt))
    } finally {
      await handle.close()
    }
    // Where the rush's CPU goes: the two servers, PostgreSQL, this process (the buyers, readers).
    const cpu = () => ({
      servers: servers.reduce((sum, s) => sum + (treeCpuMs(s.pid) ?? NaN), 0),
      postgres: treeCpuMs(postgres.pid) ?? NaN,
      load: ownCpuMs(),
    })
    // The warm-up's second half is a steady stream of accepted orders on warm servers: its CPU
    // per order says what one order costs, and so how many two cores can take a second.
    let warm = { orders: 0, failed: [] as string[] }
    let steady: { servers: number; postgres: number; load: number } | undefined
    if (RUSH_WARM_MS > 0) {
      log(`rush: ${RUSH_WARMERS} other users subscribe for ${RUSH_WARM_MS} ms (warm servers)`)
      const urls = servers.map((s) => s.url)
      const first = await warmUp(urls, tokens!, warmUntil - RUSH_WARM_MS / 2)
      const before = cpu()
      const second = await warmUp(urls, tokens!, warmUntil)
      const after = cpu()
      warm = { orders: first.orders + second.orders, failed: [...first.failed, ...second.failed] }
      const per = (k: keyof typeof after) => (after[k] - before[k]) / Math.max(1, second.orders)
      steady = { servers: per('servers'), postgres: per('postgres'), load: per('load') }
    }
    const loadBefore = loadavg()[0]!
    log(`rush: ${RUSH_USERS} pay-orders at the opening, 2 servers`)
    const batchesBefore = await payBatchesOf(servers)
    const gcBefore = await Promise.all(servers.map((s) => serverGcPauses(s.url)))
    let cpuAtOpening = cpu()
    const r = await runRush(
      servers.map((s) => s.url),
      tokens!,
      // 20 ms after the opening: the servers' clocks are this machine's.
      {
        startAt: opensAt + 20,
        timeoutMs: RUSH_TIMEOUT_MS,
        retryBusyAfterMs: RUSH_RETRY_BUSY_MS,
        openPages: RUSH_OPEN_PAGES,
        readersApart: true,
        readEveryMs: RUSH_READ_EVERY_MS,
        slowReadMs: RUSH_READ_P99_BUDGET_MS,
        atOpening: () => void (cpuAtOpening = cpu()),
      },
    )
    const loadAfter = loadavg()[0]!
    const cpuAfter = cpu()
    const answered = RUSH_USERS + r.retries
    const perAnswer = (k: keyof typeof cpuAfter) => (cpuAfter[k] - cpuAtOpening[k]) / answered
    // Each server's own loop delay (/health): the worse of its last two 10 s windows, which
    // hold the rush (and the warm-up's end when a window started before the opening).
    const loops = await Promise.all(servers.map((s) => serverLoopDelay(s.url)))
    const batchesAfter = await payBatchesOf(servers)
    const gcAfter = await Promise.all(servers.map((s) => serverGcPauses(s.url)))
    // Each server's collector over the rush: the pauses since before the opening, and the longest
    // of its worse 10 s window (which may hold the warm-up's end).
    const gc = gcAfter.map((a, i) => ({
      pauses: a.pauses - gcBefore[i]!.pauses,
      ms: a.total_ms - gcBefore[i]!.total_ms,
      longest: Math.max(a.running.max, a.previous.max),
    }))
    const batched = (k: keyof PayBatchFigures) => batchesAfter[k] - batchesBefore[k]
    for (const s of servers.splice(0)) await s.stop()
    log(`rush: floor, ${FLOOR_TRANSACTIONS} bare transactions`)
    const floorCpu = { postgres: treeCpuMs(postgres.pid) ?? NaN, load: ownCpuMs() }
    const floor = await measureFloor(postgres.url, {
      transactions: FLOOR_TRANSACTIONS,
      concurrency: FLOOR_CONCURRENCY,
      userIds: rushUserIds(RUSH_USERS),
    })
    const postgresMs = ((treeCpuMs(postgres.pid) ?? NaN) - floorCpu.postgres) / FLOOR_TRANSACTIONS
    const clientMs = (ownCpuMs() - floorCpu.load) / FLOOR_TRANSACTIONS
    return {
      r,
      warm,
      steady,
      perAnswer: {
        servers: perAnswer('servers'),
        postgres: perAnswer('postgres'),
        load: perAnswer('load'),
      },
      answered,
      load: { before: loadBefore, after: loadAfter },
      loops,
      gc,
      batched: {
        alone: batched('alone'),
        batched: batched('batched'),
        batches: batched('batches'),
        largest: batchesAfter.largest,
        undone: batched('undone'),
        soldOut: batched('soldOut'),
      },
      floor,
      floorCpu: { postgresMs, clientMs },
    }
  } finally {
    for (const s of servers) await s.stop()
    postgres.stop()
  }
}

/** What the servers' pay-order batchers did so far (/health), summed; the largest of either. */
async function payBatchesOf(servers: BenchServer[]): Promise<PayBatchFigures> {
  const all = await Promise.all(servers.map(async (s) => (await healthOf(s.url)).pay_orders))
  return all.reduce((sum, f) => ({
    alone: sum.alone + f.alone,
    batched: sum.batched + f.batched,
    batches: sum.batches + f.batches,
    largest: Math.max(sum.largest, f.largest),
    undone: sum.undone + f.undone,
    soldOut: sum.soldOut + f.soldOut,
  }))
}

/** Where the reads over the budget fall in the rush (issue 28, docs/performance.md Run AI). */
const slowReads = ({ count, firstSentMs, lastSentMs }: RushResult['reads']['slow']) =>
  count
    ? `${count} over ${RUSH_READ_P99_BUDGET_MS} ms, sent ${Math.round(firstSentMs)}–${Math.round(lastSentMs)} ms after the first pay-order`
    : `none over ${RUSH_READ_P99_BUDGET_MS} ms`

/** A server's garbage-collector pauses from its /health. */
const serverGcPauses = async (url: string) => (await healthOf(url)).gc_pause_ms

/** A server's event-loop delay from its /health: the worse of its two windows. */
async function serverLoopDelay(url: string): Promise<LoopDelayWindow> {
  const { running, previous } = (await healthOf(url)).event_loop_delay_ms
  return running.p99 >= previous.p99 ? running : previous
}

/** The parts of a server's /health result the rush reads (server/modules/health/routes.ts). */
type Health = {
  event_loop_delay_ms: LoopDelayFigures
  gc_pause_ms: GcPauseFigures
  pay_orders: PayBatchFigures
}

async function healthOf(url: string): Promise<Health> {
  return ((await (await fetch(`${url}/x-api/health`)).json()) as { result: Health }).result
}
