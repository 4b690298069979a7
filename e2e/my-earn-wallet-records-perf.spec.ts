import { cpus, loadavg } from 'node:os'
import { readFileSync, rmSync } from 'node:fs'
import { expect, test } from './support/fixtures'
import { loginAs } from './earn-journey-helpers'
import { earnApi } from './my-earn-helpers'

const ROWS = 10_000
/** A coin no other journey gives this user, so the filtered list is exactly the seeded rows. */
const COIN = 'XRP'
const LONG_TASK_MS = 50

declare global {
  interface Window {
    __longTasks?: number[]
  }
}

type TraceEvent = {
  name: string
  ph: string
  pid: number
  tid: number
  dur?: number
  tdur?: number
  args?: { name?: string }
}

/** Tasks of the page's main thread over 50 ms of wall time: [wall ms, CPU ms of the thread]. */
function longTasksInTrace(path: string): [number, number][] {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[]
  const events = Array.isArray(raw) ? raw : raw.traceEvents
  const main = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}/${e.tid}`),
  )
  return events
    .filter(
      (e) =>
        e.ph === 'X' &&
        e.name === 'ThreadControllerImpl::RunTask' &&
        main.has(`${e.pid}/${e.tid}`) &&
        (e.dur ?? 0) > LONG_TASK_MS * 1000,
    )
    .map((e) => [Math.round(e.dur! / 1000), Math.round((e.tdur ?? 0) / 1000)])
}

// pc only (playwright.config.ts): one user's 10,000 rows, measured once per run.
test('10,000 wallet records scroll to the end without long tasks over 50 ms', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  await page.goto('/earn/home')
  await loginAs(page, 'blocked@earn.test')
  await earnApi(page, 'test/seed-wallet-records', { count: ROWS, coin: COIN })
  await page.addInitScript(() => {
    window.__longTasks = []
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks!.push(e.duration)
    }).observe({ type: 'longtask', buffered: true })
  })
  await page.goto(`/earn/wallet-records?coin=${COIN}`)
  const list = page.getByTestId('wallet-records')
  await expect(list.getByTestId('wallet-record').first()).toBeVisible()
  await page.waitForLoadState('networkidle')

  // Chromium's own record of each task: wall time and the main thread's CPU time in it.
  const tracePath = testInfo.outputPath('scroll-trace.json')
  const browser = page.context().browser()!
  await browser.startTracing(page, { path: tracePath, categories: ['toplevel'] })
  const load = loadavg()[0]!
  // Only scrolling counts: the page's first load is measured elsewhere (bench:first-render).
  const result = await list.evaluate(async (box, rows) => {
    window.__longTasks = []
    const frame = () => new Promise((r) => requestAnimationFrame(r))
    const started = performance.now()
    // A screenful per frame, as a fast fling would; at the end, the next page loads. About 41 s
    // alone (Chromium's software frames set the pace); beside another worker it took over 90 s,
    // hence the pc-perf project, which runs after all the others.
    while (performance.now() - started < 90_000) {
      const atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 1
      if (atEnd && box.scrollHeight >= rows * 60) break
      box.scrollTop += box.clientHeight
      await frame()
    }
    await frame()
    await new Promise((r) => setTimeout(r, 300))
    return { seconds: (performance.now() - started) / 1000, longTasks: window.__longTasks ?? [] }
  }, ROWS)
  await browser.stopTracing()
  const traced = longTasksInTrace(tracePath)
  rmSync(tracePath, { force: true })

  const worst = Math.max(0, ...result.longTasks)
  console.log(
    `wallet records: ${ROWS} rows scrolled in ${result.seconds.toFixed(1)} s; ` +
      `PerformanceObserver long tasks: ${result.longTasks.length}, worst ${worst.toFixed(0)} ms ` +
      `[${result.longTasks.map((d) => d.toFixed(0)).join(', ')}]; ` +
      `trace (wall ms/CPU ms): [${traced.map(([w, c]) => `${w}/${c}`).join(', ')}]; ` +
      `load average ${load.toFixed(1)} on ${cpus().length} cores`,
  )
  // Every page arrived: the list holds all rows and its last one is on screen.
  await expect(page.getByText(/^10,?000 records loaded$/)).toBeVisible()
  await expect(list.locator(`li[aria-posinset="${ROWS}"]`)).toBeVisible()
  // The page's own work: no task kept the main thread busy (CPU) for more than 50 ms.
  expect(traced.filter(([, cpu]) => cpu > LONG_TASK_MS)).toEqual([])
  // Wall time is reported, not asserted: it also counts the time other processes (the server,
  // Chromium's own) held the CPU. Run alone at load average 1.8 on 2 cores, tasks of 59 and 54 ms
  // wall held 20 and 8 ms of the page's CPU.
})
