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
  RUSH_TIMEOUT_MS,
  RUSH_USERS,
  RUSH_WARM_MS,
  RUSH_WARMERS,
} from './budgets'
import { startPostgres } from './postgres'
import { row, type Row } from './report'
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

export async function rushRows(ctx: {
  staticDir: string
  rows: Row[]
  details: Record<string, unknown>
  log: (m: string) => void
}): Promise<void> {
  const { rows, log } = ctx
  const section = `launch rush: ${RUSH_USERS} users, quota ${RUSH_QUOTA}, 2 servers, PostgreSQL`
  const postgres = await startPostgres()
  const servers: BenchServer[] = []
  try {
    const sessionSecret = randomBytes(24).toString('hex')
    let tokens: RushUsers | undefined
    log(`rush: preparing ${RUSH_USERS} users and ${RUSH_READERS} readers`)
    servers.push(
      await startBenchServer({
        databaseUrl: postgres.url,
        staticDir: ctx.staticDir,
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
        staticDir: ctx.staticDir,
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
    const floorPostgresMs =
      ((treeCpuMs(postgres.pid) ?? NaN) - floorCpu.postgres) / FLOOR_TRANSACTIONS
    const floorClientMs = (ownCpuMs() - floorCpu.load) / FLOOR_TRANSACTIONS
    ctx.details['launch rush'] = {
      rush: r,
      floor,
      warm,
      load: { before: loadBefore, after: loadAfter },
    }
    const a = r.answers
    rows.push(
      row({
        section,
        figure: 'orders accepted',
        value: a.success,
        unit: '',
        budget: { min: RUSH_QUOTA, max: RUSH_QUOTA },
        note:
          `load ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}; ` +
          (RUSH_WARM_MS > 0
            ? `servers warmed by ${warm.orders} orders of ${RUSH_WARMERS} other users in ${RUSH_WARM_MS} ms${warm.failed.length ? ` (not accepted: ${warm.failed.join(' | ')})` : ''}`
            : 'servers cold') +
          (RUSH_OPEN_PAGES ? '; pages open before the opening' : '; no page open before'),
      }),
      row({
        section,
        figure: 'answers sold out (302) / rate limited (315)',
        value: a.soldOut + a.rateLimited,
        unit: '',
        note:
          `${a.soldOut} × 302, ${a.rateLimited} × 315` +
          (RUSH_RETRY_BUSY_MS === undefined
            ? ''
            : `; ${r.retries} sends again after a 315 (${RUSH_RETRY_BUSY_MS} ms later)`),
      }),
      row({
        section,
        figure: 'answers other / 5xx / timeout',
        value: a.other + a.serverError + a.timeout,
        unit: '',
        budget: { max: 0 },
        note: `${a.other} other, ${a.serverError} 5xx, ${a.timeout} timeouts (> ${RUSH_TIMEOUT_MS} ms) ${r.samples.join(' | ')}`.trim(),
      }),
      row({ section, figure: 'rush p50', value: r.p50Ms, unit: 'ms' }),
      row({
        section,
        figure: 'rush p99',
        value: r.p99Ms,
        unit: 'ms',
        budget: { max: RUSH_P99_BUDGET_MS },
        note: `max ${Math.round(r.maxMs)} ms; all answered in ${Math.round(r.durationMs)} ms`,
      }),
      row({
        section,
        figure: "other users' reads p99 during the rush",
        value: r.reads.p99Ms,
        unit: 'ms',
        budget: { max: RUSH_READ_P99_BUDGET_MS },
        note: `${r.reads.count} reads in flight during the rush by ${RUSH_READERS} users, each every ${RUSH_READ_EVERY_MS} ms from a thread of their own, p50 ${r.reads.p50Ms.toFixed(1)} ms, cards alone p99 ${Math.round(r.reads.cardsP99Ms)} ms, p99 by server ${r.reads.byServerP99Ms.map((ms) => `${Math.round(ms)} ms`).join(' / ')}, ${slowReads(r.reads.slow)}, ${r.reads.failed} failed ${r.reads.failures.join(' | ')}`.trim(),
      }),
      row({
        section,
        figure: "other users' reads p99 during the rush, inside the servers",
        value: r.reads.serverP99Ms,
        unit: 'ms',
        note: `cards alone ${r.reads.cardsServerP99Ms} ms (each answer's Server-Timing); the rest of the time above is spent on the way: sockets, and this process and the servers waiting for a core`,
      }),
      row({
        section,
        figure: "load generator's event-loop delay p99 during the rush",
        value: r.generatorLag.p99Ms,
        unit: 'ms',
        note: `max ${Math.round(r.generatorLag.maxMs)} ms: answers that arrive meanwhile are timed late by up to this much`,
      }),
      row({
        section,
        figure: "servers' event-loop delay p99 (worst 10 s window of the rush)",
        value: Math.max(...loops.map((l) => l.p99)),
        unit: 'ms',
        note: `per server p99 / max: ${loops.map((l) => `${l.p99} / ${l.max} ms`).join(', ')} (/health; the window may hold the warm-up's end)`,
      }),
      row({
        section,
        figure: "servers' garbage-collector pauses during the rush",
        value: Math.round(gc.reduce((sum, g) => sum + g.ms, 0)),
        unit: 'ms',
        note: `per server: ${gc.map((g) => `${g.pauses} pauses, ${Math.round(g.ms)} ms, longest ${g.longest} ms`).join('; ')} (/health gc_pause_ms, the longest of the worse 10 s window)`,
      }),
      row({
        section,
        figure: 'pay-orders that went in batches during the rush',
        value: batched('batched'),
        unit: '',
        note: `${batched('batches')} batches (the largest of the run ${batchesAfter.largest}), ${batched('alone')} alone, ${batched('undone')} batches undone (/health pay_orders, both servers)`,
      }),
      row({ section, figure: 'answers/s', value: r.answersPerSecond, unit: 'req/s' }),
      row({
        section,
        figure: 'pay-order across users (accepted/s)',
        value: r.acceptedPerSecond,
        unit: 'req/s',
        budget: { min: RUSH_ORDERS_PER_SECOND_BUDGET },
      }),
      ...(steady
        ? [
            row({
              section,
              figure: 'CPU per accepted order, warm, no rush: servers + PostgreSQL',
              value: steady.servers + steady.postgres,
              unit: 'ms',
              note:
                `servers ${steady.servers.toFixed(1)} ms, PostgreSQL ${steady.postgres.toFixed(1)} ms, ` +
                `load generator ${steady.load.toFixed(1)} ms (the warm-up's second half); ` +
                `${cpus().length} cores take at most ` +
                `${Math.round((cpus().length * 1000) / (steady.servers + steady.postgres))} orders/s at this cost`,
            }),
          ]
        : []),
      row({
        section,
        figure: 'CPU per pay-order answered in the rush: servers',
        value: perAnswer('servers'),
        unit: 'ms',
        note:
          `PostgreSQL ${perAnswer('postgres').toFixed(1)} ms, load generator ${perAnswer('load').toFixed(1)} ms ` +
          `(readers' calls included, over ${answered} pay-orders answered, 315s included)`,
      }),
      row({
        section,
        figure: 'floor: bare transaction, same writes, pg',
        value: floor.perSecond,
        unit: 'req/s',
        note:
          `${FLOOR_CONCURRENCY} connections, p99 ${floor.p99Ms.toFixed(1)} ms; CPU a transaction: ` +
          `PostgreSQL ${floorPostgresMs.toFixed(2)} ms, the client (pg) ${floorClientMs.toFixed(2)} ms`,
      }),
      row({
        section,
        figure: 'pay-order ÷ floor',
        value: Number((r.acceptedPerSecond / floor.perSecond).toFixed(2)),
        unit: '',
      }),
    )
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
