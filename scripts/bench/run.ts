// `npm run bench`: builds the client, measures it and the API against the budgets of
// issue 10, prints a table, writes bench/report.json and exits 1 when a budget fails.
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { FIRST_VIEW_ENTRY } from '../../server/modules/client-shell/first-view'
import { loadEarnCall, loadShell } from './api-load'
import { startBenchServer, type BenchServer } from './bench-server'
import {
  API_BUDGET_RATE,
  CARDS_CAPACITY_BUDGET,
  API_P99_BUDGET_MS,
  INITIAL_JS_GZIP_BUDGET,
  LIGHTHOUSE_LCP_BUDGET_MS,
  LIGHTHOUSE_SCORE_BUDGET,
  SOCKET_CLIENTS,
  SOCKET_P99_LAG_BUDGET_MS,
  START_FCP_BUDGET_MS,
  START_JS_DESKTOP_BUDGET,
  START_JS_PHONE_BUDGET,
  START_LIVE_BUDGET_MS,
  TELEGRAM_BLANK_FRAMES_BUDGET,
  TELEGRAM_LIVE_RATIO_BUDGET,
  TELEGRAM_START_RUNS,
  UI_LONG_TASKS_BUDGET,
  UI_PUSHES_PER_SECOND,
  UI_QUOTES,
} from './budgets'
import { forbiddenCode, largestChunk, measurePageBundle } from './bundle-size'
import { loadEarnSocket } from './earn-socket-load'
import { measureFirstRender } from './first-render'
import { lighthouseMedian } from './lighthouse-runs'
import {
  benchOrderId,
  loginBenchUser,
  openBenchPositions,
  PARALLEL_ORDER_USERS,
  PAY_ORDER_PRODUCT,
  prepareBenchUser,
} from './bench-user'
import { startPostgres } from './postgres'
import { loadQuoteSocket } from './quote-socket-load'
import { measureQuoteUi } from './quote-ui'
import { rushRows } from './rush-section'
import {
  measureTelegramStart,
  THROTTLE,
  type StartDevice,
  type StartMedian,
} from './telegram-start'
import { failedRow, loadRows, printTable, row, type Row } from './report'

/** Where the client is built and served from (another dir keeps a shared dist/ intact). */
const DIST = process.env.BENCH_DIST ?? 'dist'
const HOME = '/earn/home'
const PRODUCT_PAGE = '/earn/savings'
const PAGES = [HOME, PRODUCT_PAGE]
/** A product's own page (server-rendered too): the flexible USDT savings of the seed. */
const PRODUCT_DETAIL = '/earn/product/flex-usdt'
const LIGHTHOUSE_PAGES = [...PAGES, PRODUCT_DETAIL]
const API_CALL = 'get-homepage-product-cards'
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10)
/**
 * The same load, not counted, before the cards' capacity is measured: a server's capacity once it
 * runs, not its first seconds (code not yet optimised, the database just loaded). A cold start
 * took 10-15 % off a 10 s figure (docs/performance.md, Run X). 0: measure from the start.
 */
const API_WARM_UP_SECONDS = Number(process.env.BENCH_API_WARM_UP_SECONDS ?? 3)
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)
/**
 * BENCH_ONLY=api,sockets: run only these sections (bundle, render, lighthouse, telegram, api,
 * sockets, ui, rush).
 */
const SECTIONS = [
  'bundle',
  'render',
  'lighthouse',
  'telegram',
  'api',
  'sockets',
  'ui',
  'rush',
] as const
/** The bench server's bot token: the telegram section signs its launches with it. */
const BENCH_BOT_TOKEN = `7000000002:bench-${Date.now().toString(36)}`
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim())
const wanted = (name: (typeof SECTIONS)[number]) => !ONLY || ONLY.includes(name)

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

/** The shell of each landing page under load: the server-side cost of its first view. */
async function shellRows(server: BenchServer): Promise<void> {
  for (const path of PAGES) {
    const shell = await loadShell(server.url, path, LOAD_SECONDS)
    details[`shell ${path}`] = shell
    const section = 'server-rendered shell (PGlite)'
    const share = shell.requests ? Math.round((100 * shell.withFirstView) / shell.requests) : 0
    rows.push(
      row({
        section,
        figure: `${path} shells/s at capacity (10 connections)`,
        value: Math.round(shell.requestsPerSecond),
        unit: 'req/s',
        note: `${share} % with the first view; ${shell.errors} errors`,
      }),
      row({ section, figure: `${path} p50 at capacity`, value: shell.p50Ms, unit: 'ms' }),
      row({ section, figure: `${path} p99 at capacity`, value: shell.p99Ms, unit: 'ms' }),
    )
  }
}

async function lighthouseRows(server: BenchServer): Promise<void> {
  const section = `Lighthouse mobile (median of ${LIGHTHOUSE_RUNS})`
  for (const path of LIGHTHOUSE_PAGES) {
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

/**
 * BENCH_BEFORE=<checkout>: another checkout of the project, built (its dist/), whose server is
 * measured beside this one in the telegram section, load for load: before and after in one run.
 */
const BEFORE = process.env.BENCH_BEFORE

/**
 * /earn/home in a phone browser, inside Telegram and in a desktop browser, throttled, same run
 * (issues 15 and 25); with BENCH_BEFORE, the other checkout's figures beside each.
 */
async function telegramRows(server: BenchServer): Promise<void> {
  const t = THROTTLE
  const section = `Start, /earn/home (${t.cpuRate}× CPU, ${t.latencyMs} ms RTT, ${t.downKbps / 1000} Mbps; median of ${TELEGRAM_START_RUNS})`
  const before = BEFORE
    ? await startBenchServer({
        cwd: BEFORE,
        staticDir: join(BEFORE, 'dist'),
        prepare: prepareBenchUser,
        botToken: BENCH_BOT_TOKEN,
      })
    : undefined
  try {
    const targets = [
      ...(before ? [{ name: 'before', baseUrl: before.url, botToken: BENCH_BOT_TOKEN }] : []),
      { name: 'now', baseUrl: server.url, botToken: BENCH_BOT_TOKEN },
    ]
    log(
      `start: h5, ios_tg and desktop ×${TELEGRAM_START_RUNS} on ${targets.map((x) => x.name).join(', ')}`,
    )
    const measured = await measureTelegramStart(targets, HOME, TELEGRAM_START_RUNS)
    details['telegram start'] = { throttle: t, before: BEFORE, ...measured }
    for (const target of targets) startRows(section, target.name, measured[target.name]!, !!before)
  } finally {
    await before?.stop()
  }
}

function startRows(
  section: string,
  target: string,
  { h5, ios_tg: tg, desktop }: Record<StartDevice, StartMedian>,
  compared: boolean,
): void {
  // Budgets hold the change's figures; the other checkout's are only shown.
  const budget = <B>(b: B) => (target === 'now' ? b : undefined)
  const name = (figure: string) => (compared ? `${target}: ${figure}` : figure)
  const runs = (
    m: StartMedian,
    key: 'firstContentfulPaintMs' | 'firstPaintMs' | 'liveMs' | 'blankFrames',
  ) => `runs ${m.runs.map((r) => r[key]).join('/')}`
  const files = (m: StartMedian) => `in ${m.jsUntilLiveFiles} files`
  rows.push(
    row({
      section,
      figure: name('h5 first contentful paint'),
      value: h5.firstContentfulPaintMs,
      unit: 'ms',
      budget: budget({ max: START_FCP_BUDGET_MS }),
      note: runs(h5, 'firstContentfulPaintMs'),
    }),
    row({
      section,
      figure: name('ios_tg first paint'),
      value: tg.firstPaintMs,
      unit: 'ms',
      note: runs(tg, 'firstPaintMs'),
    }),
    row({
      section,
      figure: name('h5 app live (data-live)'),
      value: h5.liveMs,
      unit: 'ms',
      budget: budget({ max: START_LIVE_BUDGET_MS }),
      note: runs(h5, 'liveMs'),
    }),
    row({
      section,
      figure: name('ios_tg app live (data-live)'),
      value: tg.liveMs,
      unit: 'ms',
      budget: budget({ max: START_LIVE_BUDGET_MS }),
      note: runs(tg, 'liveMs'),
    }),
    row({
      section,
      figure: name('desktop app live (data-live, CPU not slowed)'),
      value: desktop.liveMs,
      unit: 'ms',
      note: runs(desktop, 'liveMs'),
    }),
    row({
      section,
      figure: name('ios_tg live / h5 live'),
      value: Number((tg.liveMs / h5.liveMs).toFixed(2)),
      unit: '',
      budget: budget({ max: TELEGRAM_LIVE_RATIO_BUDGET }),
    }),
    row({
      section,
      figure: name('h5 frames with the first view blanked'),
      value: h5.blankFrames,
      unit: '',
      note: runs(h5, 'blankFrames'),
    }),
    row({
      section,
      figure: name('ios_tg frames with the first view blanked'),
      value: tg.blankFrames,
      unit: '',
      budget: budget({ max: TELEGRAM_BLANK_FRAMES_BUDGET }),
      note: runs(tg, 'blankFrames'),
    }),
    row({
      section,
      figure: name('h5 JS on the wire until live (resource timing)'),
      value: h5.jsUntilLiveBytes,
      unit: 'kB',
      budget: budget({ max: START_JS_PHONE_BUDGET }),
      note: files(h5),
    }),
    row({
      section,
      figure: name('desktop JS on the wire until live (resource timing)'),
      value: desktop.jsUntilLiveBytes,
      unit: 'kB',
      budget: budget({ max: START_JS_DESKTOP_BUDGET }),
      note: files(desktop),
    }),
    row({ section, figure: name('h5 JS transferred'), value: h5.jsTransferredBytes, unit: 'kB' }),
    row({
      section,
      figure: name('ios_tg JS transferred'),
      value: tg.jsTransferredBytes,
      unit: 'kB',
    }),
  )
}

async function apiRows(server: BenchServer, database: 'PGlite' | 'PostgreSQL'): Promise<void> {
  const capacity = 'at capacity (10 connections)'
  if (API_WARM_UP_SECONDS > 0) {
    log(`autocannon ${database} ${API_CALL}: warm-up, ${API_WARM_UP_SECONDS} s (not counted)`)
    await loadEarnCall(server.url, API_CALL, { durationS: API_WARM_UP_SECONDS })
  }
  log(`autocannon ${database} ${API_CALL}: capacity, ${LOAD_SECONDS} s`)
  const cards = await loadEarnCall(server.url, API_CALL, { durationS: LOAD_SECONDS })
  log(`autocannon ${database} ${API_CALL}: ${API_BUDGET_RATE} req/s, ${LOAD_SECONDS} s`)
  const fixed = await loadEarnCall(server.url, API_CALL, {
    durationS: LOAD_SECONDS,
    rate: API_BUDGET_RATE,
  })
  const cardsSection = `API ${API_CALL} (${database})`
  rows.push(
    // The first row is requests/s: at capacity it has its own floor (issue 28).
    ...loadRows(cardsSection, capacity, cards).map((r, i) =>
      i === 0
        ? row({
            ...r,
            budget: { min: CARDS_CAPACITY_BUDGET[database] },
            note: [r.note, `after ${API_WARM_UP_SECONDS} s of the same load, not counted`]
              .filter(Boolean)
              .join('; '),
          })
        : r,
    ),
    ...loadRows(
      cardsSection,
      `at ${API_BUDGET_RATE} req/s`,
      fixed,
      database === 'PostgreSQL' ? { rate: API_BUDGET_RATE, p99Ms: API_P99_BUDGET_MS } : undefined,
    ),
  )

  const token = await loginBenchUser(server.url)
  const positions = await openBenchPositions(server.url, token)
  log(`autocannon ${database} get-positions (${positions} positions): ${LOAD_SECONDS} s`)
  const listed = await loadEarnCall(server.url, 'get-positions', {
    durationS: LOAD_SECONDS,
    token,
  })
  rows.push(
    ...loadRows(`API get-positions, logged in (${database})`, capacity, listed).map((r, i) =>
      i === 0 ? { ...r, note: r.note || `${positions} positions listed` } : r,
    ),
  )

  log(`autocannon ${database} pay-order: ${LOAD_SECONDS} s`)
  const run = `${database.slice(0, 2)}${Date.now().toString(36)}`
  const paid = await loadEarnCall(server.url, 'pay-order', {
    durationS: LOAD_SECONDS,
    token,
    bodyFor: (n) => ({ order_id: benchOrderId(run, n), ...PAY_ORDER_PRODUCT }),
  })
  rows.push(
    ...loadRows(`API pay-order, logged in (${database})`, capacity, paid).map((r, i) =>
      i === 0
        ? { ...r, note: r.note || `a new order_id each, ${PAY_ORDER_PRODUCT.amount} USDT flexible` }
        : r,
    ),
  )
  // The same orders from several users: what the server does when users do not queue on
  // one user's balance lock.
  const tokens = await Promise.all(PARALLEL_ORDER_USERS.map((e) => loginBenchUser(server.url, e)))
  log(`autocannon ${database} pay-order, ${tokens.length} users: ${LOAD_SECONDS} s`)
  const paidMany = await loadEarnCall(server.url, 'pay-order', {
    durationS: LOAD_SECONDS,
    tokens,
    bodyFor: (n) => ({ order_id: benchOrderId(`${run}u`, n), ...PAY_ORDER_PRODUCT }),
  })
  rows.push(
    ...loadRows(`API pay-order, ${tokens.length} users (${database})`, capacity, paidMany).map(
      (r, i) => (i === 0 ? { ...r, note: r.note || 'each connection one user, in turn' } : r),
    ),
  )
  details[`api ${database}`] = {
    [API_CALL]: { capacity: cards, fixedRate: fixed },
    'get-positions': { positions, capacity: listed },
    'pay-order': { product: PAY_ORDER_PRODUCT, capacity: paid },
    'pay-order, several users': { users: PARALLEL_ORDER_USERS, capacity: paidMany },
  }
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

async function earnSocketRows(server: BenchServer): Promise<void> {
  const section = `earn socket (${SOCKET_CLIENTS} clients)`
  log(`earn socket: ${SOCKET_CLIENTS} clients, ${LOAD_SECONDS} s`)
  const result = await loadEarnSocket(server.url, {
    clients: SOCKET_CLIENTS,
    durationS: LOAD_SECONDS,
  })
  details['earn socket'] = result
  rows.push(
    row({
      section,
      figure: 'messages/s delivered',
      value: result.messagesPerSecond,
      unit: 'msg/s',
      note: `${result.clients} subscribed to ${result.topic}, pushed every second`,
    }),
    row({ section, figure: 'p50 delivery lag', value: result.p50LagMs, unit: 'ms' }),
    row({
      section,
      figure: 'p99 delivery lag',
      value: result.p99LagMs,
      unit: 'ms',
      budget: { max: SOCKET_P99_LAG_BUDGET_MS },
      note: `from the push's server time; max ${Math.round(result.maxLagMs)} ms`,
    }),
  )
}

async function uiRows(server: BenchServer): Promise<void> {
  const section = `UI: ${UI_QUOTES} quotes × ${UI_PUSHES_PER_SECOND}/s for ${LOAD_SECONDS} s`
  log(`UI quote test: ${UI_QUOTES} quotes ${UI_PUSHES_PER_SECOND}×/s, ${LOAD_SECONDS} s`)
  const r = await measureQuoteUi(server.url, {
    quotes: UI_QUOTES,
    hz: UI_PUSHES_PER_SECOND,
    seconds: LOAD_SECONDS,
  })
  details['ui quotes'] = r
  rows.push(
    row({
      section,
      figure: `${r.page} burst pushes received`,
      value: r.pushesReceived,
      unit: '',
      note: `of ${r.pushesSent} sent; ${r.rows} holding rows with live prices, ${r.domUpdates} DOM updates`,
    }),
    row({
      section,
      figure: 'long tasks over 50 ms',
      value: r.longTasks,
      unit: '',
      budget: { max: UI_LONG_TASKS_BUDGET },
      note: r.longTasks ? `longest ${r.longestTaskMs} ms` : '',
    }),
    row({ section, figure: 'long animation frames over 50 ms', value: r.longFrames, unit: '' }),
    row({
      section,
      figure: 'main-thread time per push',
      value: r.mainThreadMsPerPush,
      unit: 'ms',
      note: `script ${r.scriptMsPerPush.toFixed(1)} ms, layout and style ${r.layoutAndStyleMsPerPush.toFixed(1)} ms`,
    }),
    row({
      section,
      figure: 'frames dropped (60 Hz)',
      value: r.framesDropped,
      unit: '',
      note: `${r.frames} frames drawn, worst gap ${r.worstFrameMs} ms`,
    }),
  )
  // The page must really have received the burst, or the zero long tasks mean nothing.
  if (r.pushesReceived < r.pushesSent * 0.9 || r.domUpdates === 0)
    rows.push(
      failedRow(
        section,
        'burst reached the page',
        new Error(`${r.pushesReceived} of ${r.pushesSent} pushes, ${r.domUpdates} DOM updates`),
      ),
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
    log(`building the client into ${DIST}`)
    await build({ logLevel: 'warn', build: { outDir: DIST, emptyOutDir: true } })
    // The server's first-view renderer, as `npm run build` makes it (dist/.ssr).
    await build({
      logLevel: 'warn',
      build: { ssr: FIRST_VIEW_ENTRY, outDir: join(DIST, '.ssr'), emptyOutDir: true },
    })
  }
  if (wanted('bundle')) await section('client bundle', bundleRows)

  if (
    wanted('render') ||
    wanted('lighthouse') ||
    wanted('telegram') ||
    wanted('api') ||
    wanted('sockets')
  ) {
    const pglite = await startBenchServer({
      staticDir: DIST,
      prepare: prepareBenchUser,
      botToken: BENCH_BOT_TOKEN,
    })
    try {
      if (wanted('render')) await section('first render', () => firstRenderRows(pglite))
      if (wanted('render')) await section('server-rendered shell', () => shellRows(pglite))
      if (wanted('lighthouse')) await section('Lighthouse', () => lighthouseRows(pglite))
      if (wanted('telegram')) await section('Telegram start', () => telegramRows(pglite))
      if (wanted('api')) await section('API PGlite', () => apiRows(pglite, 'PGlite'))
      if (wanted('sockets')) {
        await section('quote socket', () => socketRows(pglite))
        await section('earn socket', () => earnSocketRows(pglite))
      }
    } finally {
      await pglite.stop()
    }
  }

  if (wanted('ui'))
    await section('UI quotes', async () => {
      // TEST_MODE for the quote burst endpoint; its own server, so nothing else shares it.
      const server = await startBenchServer({
        staticDir: DIST,
        testMode: true,
        prepare: prepareBenchUser,
      })
      try {
        await uiRows(server)
      } finally {
        await server.stop()
      }
    })

  if (wanted('api'))
    await section('API PostgreSQL', async () => {
      const postgres = await startPostgres()
      try {
        const server = await startBenchServer({
          databaseUrl: postgres.url,
          staticDir: DIST,
          prepare: prepareBenchUser,
        })
        try {
          await apiRows(server, 'PostgreSQL')
        } finally {
          await server.stop()
        }
      } finally {
        postgres.stop()
      }
    })

  if (wanted('rush'))
    await section('launch rush', () => rushRows({ staticDir: DIST, rows, details, log }))

  const report = {
    generatedAt: new Date().toISOString(),
    durationS: Math.round((Date.now() - started) / 1000),
    sections: ONLY ?? [...SECTIONS],
    loadSeconds: LOAD_SECONDS,
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
