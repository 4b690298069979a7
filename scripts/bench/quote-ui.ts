import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium-path.mjs'
import { BENCH_USER } from './bench-user'
import { DEMO_PASSWORD } from '../../server/db/seed-identity'

export type QuoteUiResult = {
  page: string
  /** Coins with a holding row (and a live price) on the page. */
  rows: number
  quotesPerPush: number
  pushesPerSecond: number
  durationS: number
  /** Burst pushes the page's spot socket received, and how many the server sent. */
  pushesReceived: number
  pushesSent: number
  /** Every realtimes push received meanwhile (the burst's and the socket's own ticks). */
  allPushes: number
  /** Times the holdings table's text changed (the page really re-rendered the quotes). */
  domUpdates: number
  longTasks: number
  longestTaskMs: number
  /** Long animation frames (Chromium's long-animation-frame entries, over 50 ms). */
  longFrames: number
  frames: number
  framesDropped: number
  /** Worst gap between two animation frames. */
  worstFrameMs: number
  /** Main-thread task time per push received (Chromium's TaskDuration), and its parts. */
  mainThreadMsPerPush: number
  scriptMsPerPush: number
  layoutAndStyleMsPerPush: number
}

type ProbeResult = {
  longTasks: number
  longestTaskMs: number
  longFrames: number
  frames: number
  framesDropped: number
  worstFrameMs: number
  pushes: number
  burstPushes: number
  domUpdates: number
}

/**
 * Installed before the page's own code: observers that wait for `__bench.start()`. Plain
 * JavaScript in a string: a function passed to the page would carry tsx's helpers with it.
 */
const PROBES = `(() => {
  const FRAME_MS = 1000 / 60
  const probe = { on: false, longTasks: [], longFrames: 0, frameTimes: [], seen: 0, pushes: 0, burstPushes: 0, domUpdates: 0 }
  new PerformanceObserver((list) => {
    if (probe.on) for (const e of list.getEntries()) probe.longTasks.push(e.duration)
  }).observe({ type: 'longtask' })
  try {
    new PerformanceObserver((list) => {
      if (probe.on) probe.longFrames += list.getEntries().filter((e) => e.duration > 50).length
    }).observe({ type: 'long-animation-frame' })
  } catch {}
  // Counts the realtimes pushes the page's sockets receive, without touching the page's code.
  const NativeWebSocket = window.WebSocket
  window.WebSocket = class extends NativeWebSocket {
    constructor(url, protocols) {
      super(url, protocols)
      this.addEventListener('message', (e) => {
        if (typeof e.data !== 'string' || !e.data.startsWith('{"topic":"realtimes"')) return
        probe.seen++
        if (!probe.on) return
        probe.pushes++
        // The burst's pushes carry its BENCHnnnUSDT fillers; the socket's own tick does not.
        if (e.data.includes('"s":"BENCH')) probe.burstPushes++
      })
    }
  }
  const frame = (t) => {
    if (probe.on) probe.frameTimes.push(t)
    requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
  window.__bench = {
    seen: () => probe.seen,
    start(selector) {
      new MutationObserver((records) => {
        if (probe.on) probe.domUpdates += records.length
      }).observe(document.querySelector(selector), { subtree: true, childList: true, characterData: true })
      probe.on = true
    },
    // Proves the observers see a long task here: 120 ms of work must be reported as one.
    async calibrate() {
      probe.on = true
      // A task of the page's own event loop (work done inside the evaluate call is not one).
      setTimeout(() => {
        const end = performance.now() + 120
        while (performance.now() < end) {}
      }, 0)
      await new Promise((r) => setTimeout(r, 500))
      probe.on = false
      const seen = probe.longTasks.length
      probe.longTasks = []
      probe.longFrames = 0
      probe.frameTimes = []
      probe.pushes = 0
      return seen
    },
    stop() {
      probe.on = false
      const t = probe.frameTimes
      const gaps = t.slice(1).map((x, i) => x - t[i])
      return {
        longTasks: probe.longTasks.length,
        longestTaskMs: Math.max(0, ...probe.longTasks),
        longFrames: probe.longFrames,
        frames: t.length,
        framesDropped: gaps.reduce((n, g) => n + Math.max(0, Math.round(g / FRAME_MS) - 1), 0),
        worstFrameMs: Math.max(0, ...gaps),
        pushes: probe.pushes,
        burstPushes: probe.burstPushes,
        domUpdates: probe.domUpdates,
      }
    },
  }
})()`

/**
 * The UI bench: my-earn (the page that shows live spot prices, one per coin held) open in
 * Chromium for the bench user, while the server's TEST_MODE quote burst pushes `quotes`
 * quotes `hz` times a second for `seconds`; long tasks, long frames and dropped frames are
 * read from the page's PerformanceObserver and requestAnimationFrame.
 */
export async function measureQuoteUi(
  baseUrl: string,
  options: { quotes: number; hz: number; seconds: number },
): Promise<QuoteUiResult> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const login = await context.request.post(`${baseUrl}/x-api/v1/auth/login`, {
      data: { email: BENCH_USER.email, password: DEMO_PASSWORD },
    })
    if (!login.ok()) throw new Error(`login: ${login.status()} ${await login.text()}`)
    const page = await context.newPage()
    await page.addInitScript(PROBES)
    const path = '/earn/my-earn'
    await page.goto(baseUrl + path, { waitUntil: 'networkidle' })
    const rows = page.locator('[data-testid="coin-holdings"] tbody tr')
    await rows.first().waitFor()
    // The page has its live prices once the socket's first push has landed.
    await page.waitForFunction(
      () => (window as unknown as { __bench: { seen(): number } }).__bench.seen() > 0,
    )
    const rowCount = await rows.count()

    const calibration = await page.evaluate(() =>
      (window as unknown as { __bench: { calibrate(): Promise<number> } }).__bench.calibrate(),
    )
    if (calibration < 1) throw new Error('the long-task observer missed a 120 ms task')
    // Chromium's own counters of main-thread time (task, script, layout, style), in seconds.
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    const metrics = async () =>
      new Map(
        (await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value] as const),
      )
    const before = await metrics()
    await page.evaluate(() =>
      (window as unknown as { __bench: { start(s: string): void } }).__bench.start(
        '[data-testid="coin-holdings"]',
      ),
    )
    const burst = await fetch(`${baseUrl}/x-api/test/quote-burst`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ symbols: options.quotes, hz: options.hz, seconds: options.seconds }),
    })
    const sent = (await burst.json()) as {
      ret_code: number
      ret_msg: string
      result: { pushes: number; messages: number; ms: number }
    }
    if (sent.ret_code !== 0) throw new Error(`quote burst: ${sent.ret_code} ${sent.ret_msg}`)
    // The last pushes are still on their way to the page.
    await page.waitForTimeout(300)
    const r = await page.evaluate(() =>
      (window as unknown as { __bench: { stop(): ProbeResult } }).__bench.stop(),
    )
    const after = await metrics()
    const spentMs = (name: string) => ((after.get(name) ?? 0) - (before.get(name) ?? 0)) * 1000
    return {
      page: path,
      rows: rowCount,
      quotesPerPush: options.quotes,
      pushesPerSecond: options.hz,
      durationS: sent.result.ms / 1000,
      pushesReceived: r.burstPushes,
      pushesSent: sent.result.messages,
      allPushes: r.pushes,
      domUpdates: r.domUpdates,
      longTasks: r.longTasks,
      longestTaskMs: Math.round(r.longestTaskMs),
      longFrames: r.longFrames,
      frames: r.frames,
      framesDropped: r.framesDropped,
      worstFrameMs: Math.round(r.worstFrameMs),
      mainThreadMsPerPush: spentMs('TaskDuration') / Math.max(1, r.pushes),
      scriptMsPerPush: spentMs('ScriptDuration') / Math.max(1, r.pushes),
      layoutAndStyleMsPerPush:
        (spentMs('LayoutDuration') + spentMs('RecalcStyleDuration')) / Math.max(1, r.pushes),
    }
  } finally {
    await browser.close()
  }
}
