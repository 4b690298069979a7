// `npm run bench`: builds the client, measures it and the API against the budgets of
// issue 10, prints a table, writes bench/report.json and exits 1 when a budget fails.
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { build } from 'vite'
import { loadEarnCall, type LoadResult } from './api-load'
import { startBenchServer, type BenchServer } from './bench-server'
import {
  API_BUDGET_RATE,
  API_P99_BUDGET_MS,
  INITIAL_JS_GZIP_BUDGET,
  LIGHTHOUSE_LCP_BUDGET_MS,
  LIGHTHOUSE_SCORE_BUDGET,
  SOCKET_CLIENTS,
  SOCKET_P99_LAG_BUDGET_MS,
} from './budgets'
import { forbiddenCode, largestChunk, measurePageBundle } from './bundle-size'
import { measureFirstRender } from './first-render'
import { lighthouseMedian } from './lighthouse-runs'
import { startPostgres } from './postgres'
import { loadQuoteSocket } from './quote-socket-load'
import { failedRow, printTable, row, type Row } from './report'

const DIST = 'dist'
const HOME = '/earn/home'
const PRODUCT_PAGE = '/earn/savings'
const PAGES = [HOME, PRODUCT_PAGE]
const API_CALL = 'get-homepage-product-cards'
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10)
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)

const rows: Row[] = []
const details: Record<string, unknown> = {}
const log = (message: string) => console.error(`[bench] ${message}`)

function bundleRows(): void {
  const section = 'client bundle'
  for (const path of PAGES) {
    const page = measurePageBundle(DIST, path)
    details[`bundle ${path}`] = page
    const budget = path === HOME ? { max: INITIAL_JS_GZIP_BUDGET } : undefined
    rows.push(
      row({
        section,
        figure: `${path} initial JS gzip`,
        value: page.jsTotal.gzip,
        unit: 'kB',
        budget,
      }),
      row({ section, figure: `${path} initial JS brotli`, value: page.jsTotal.brotli, unit: 'kB' }),
      row({ section, figure: `${path} initial CSS gzip`, value: page.cssTotal.gzip, unit: 'kB' }),
      row({
        section,
        figure: `${path} initial CSS brotli`,
        value: page.cssTotal.brotli,
        unit: 'kB',
      }),
      row({ section, figure: `${path} initial JS files`, value: page.js.length, unit: 'files' }),
    )
  }
  const largest = largestChunk(DIST)
  rows.push(
    row({
      section,
      figure: 'largest chunk gzip',
      value: largest.gzip,
      unit: 'kB',
      note: largest.file,
    }),
  )
  const forbidden = forbiddenCode(DIST)
  rows.push(
    row({
      section,
      figure: 'dev-mock or zod code shipped',
      value: forbidden.length,
      unit: 'files',
      budget: { max: 0 },
      note: forbidden.join('; '),
    }),
  )
}

async function firstRenderRows(server: BenchServer): Promise<void> {
  for (const path of PAGES) {
    const first = await measureFirstRender(server.url + path)
    details[`first render ${path}`] = first
    rows.push(
      row({
        section: 'client bundle',
        figure: `${path} requests before first render`,
        value: first.requests,
        unit: 'requests',
        note: `Chromium, unthrottled; FCP ${first.fcpMs} ms`,
      }),
    )
  }
}

async function lighthouseRows(server: BenchServer): Promise<void> {
  const section = `Lighthouse mobile (median of ${LIGHTHOUSE_RUNS})`
  for (const path of PAGES) {
    log(`Lighthouse ${path} ×${LIGHTHOUSE_RUNS}`)
    const { median, runs } = await lighthouseMedian(server.url + path, LIGHTHOUSE_RUNS)
    details[`lighthouse ${path}`] = runs
    const scores = runs.map((r) => r.score).join('/')
    rows.push(
      row({
        section,
        figure: `${path} score`,
        value: median.score,
        unit: '',
        budget: { min: LIGHTHOUSE_SCORE_BUDGET },
        note: `runs ${scores}`,
      }),
      row({ section, figure: `${path} FCP`, value: median.fcpMs, unit: 'ms' }),
      row({
        section,
        figure: `${path} LCP`,
        value: median.lcpMs,
        unit: 'ms',
        budget: { max: LIGHTHOUSE_LCP_BUDGET_MS },
        note: `runs ${runs.map((r) => r.lcpMs).join('/')} ms`,
      }),
      row({ section, figure: `${path} TBT`, value: median.tbtMs, unit: 'ms' }),
      row({ section, figure: `${path} CLS`, value: median.cls, unit: '' }),
    )
  }
}

async function apiRows(server: BenchServer, database: 'PGlite' | 'PostgreSQL'): Promise<void> {
  const section = `API ${API_CALL} (${database})`
  const errorsNote = (r: LoadResult) => (r.errors ? `${r.errors} errors of ${r.requests}` : '')
  log(`autocannon ${database}: capacity, ${LOAD_SECONDS} s`)
  const capacity = await loadEarnCall(server.url, API_CALL, { durationS: LOAD_SECONDS })
  log(`autocannon ${database}: ${API_BUDGET_RATE} req/s, ${LOAD_SECONDS} s`)
  const fixed = await loadEarnCall(server.url, API_CALL, {
    durationS: LOAD_SECONDS,
    rate: API_BUDGET_RATE,
  })
  details[`api ${database}`] = { capacity, fixedRate: fixed }
  const budgeted = database === 'PostgreSQL'
  rows.push(
    row({
      section,
      figure: 'requests/s (10 connections, as fast as it goes)',
      value: capacity.requestsPerSecond,
      unit: 'req/s',
      note: errorsNote(capacity),
    }),
    row({ section, figure: 'p50 at capacity', value: capacity.p50Ms, unit: 'ms' }),
    row({ section, figure: 'p99 at capacity', value: capacity.p99Ms, unit: 'ms' }),
    row({
      section,
      figure: `requests/s held at ${API_BUDGET_RATE}/s`,
      value: fixed.requestsPerSecond,
      unit: 'req/s',
      ...(budgeted ? { budget: { min: API_BUDGET_RATE * 0.95 } } : {}),
      note: errorsNote(fixed),
    }),
    row({ section, figure: `p50 at ${API_BUDGET_RATE} req/s`, value: fixed.p50Ms, unit: 'ms' }),
    row({
      section,
      figure: `p99 at ${API_BUDGET_RATE} req/s`,
      value: fixed.p99Ms,
      unit: 'ms',
      ...(budgeted ? { budget: { max: API_P99_BUDGET_MS } } : {}),
    }),
  )
  if (fixed.errors || capacity.errors)
    rows.push(
      failedRow(section, 'error responses', new Error(errorsNote(fixed) || errorsNote(capacity))),
    )
}

async function socketRows(server: BenchServer): Promise<void> {
  const section = `spot quote socket (${SOCKET_CLIENTS} clients)`
  log(`quote socket: ${SOCKET_CLIENTS} clients, ${LOAD_SECONDS} s`)
  const result = await loadQuoteSocket(server.url, {
    clients: SOCKET_CLIENTS,
    durationS: LOAD_SECONDS,
  })
  details['quote socket'] = result
  rows.push(
    row({
      section,
      figure: 'messages/s delivered',
      value: result.messagesPerSecond,
      unit: 'msg/s',
      note: `${result.clients} subscribed, server pushes 1 tick/s`,
    }),
    row({ section, figure: 'p50 delivery lag', value: result.p50LagMs, unit: 'ms' }),
    row({
      section,
      figure: 'p99 delivery lag',
      value: result.p99LagMs,
      unit: 'ms',
      budget: { max: SOCKET_P99_LAG_BUDGET_MS },
      note: "from the tick's first arrival (pushes carry whole seconds)",
    }),
  )
}

async function section(name: string, run: () => Promise<void> | void): Promise<void> {
  const started = Date.now()
  try {
    await run()
  } catch (err) {
    console.error(err)
    rows.push(failedRow(name, 'could not be measured', err))
  }
  log(`${name}: ${((Date.now() - started) / 1000).toFixed(0)} s`)
}

async function main(): Promise<void> {
  const started = Date.now()
  const loadBefore = loadavg()
  if (!process.argv.includes('--no-build')) {
    log('building the client')
    await build({ logLevel: 'warn' })
  }
  await section('client bundle', bundleRows)

  const pglite = await startBenchServer()
  try {
    await section('first render', () => firstRenderRows(pglite))
    await section('Lighthouse', () => lighthouseRows(pglite))
    await section('API PGlite', () => apiRows(pglite, 'PGlite'))
    await section('quote socket', () => socketRows(pglite))
  } finally {
    await pglite.stop()
  }

  await section('API PostgreSQL', async () => {
    const postgres = await startPostgres()
    try {
      const server = await startBenchServer({ databaseUrl: postgres.url })
      try {
        await apiRows(server, 'PostgreSQL')
      } finally {
        await server.stop()
      }
    } finally {
      postgres.stop()
    }
  })

  const report = {
    generatedAt: new Date().toISOString(),
    durationS: Math.round((Date.now() - started) / 1000),
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model,
      node: process.version,
      loadavgBefore: loadBefore.map((l) => Number(l.toFixed(2))),
      loadavgAfter: loadavg().map((l) => Number(l.toFixed(2))),
    },
    rows,
    details,
  }
  mkdirSync('bench', { recursive: true })
  writeFileSync('bench/report.json', JSON.stringify(report, null, 2) + '\n')

  console.log(printTable(rows))
  const failed = rows.filter((r) => r.ok === false)
  console.log(
    `\n${rows.filter((r) => r.ok).length} budgets met, ${failed.length} failed · ${report.durationS} s · ` +
      `${report.machine.cpus} cores, load ${report.machine.loadavgBefore[0]} → ${report.machine.loadavgAfter[0]} · bench/report.json`,
  )
  process.exit(failed.length ? 1 : 0)
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
