import { chromium, type Browser } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium-path.mjs'
import { LIGHT_THEME, launchHash, signInitData } from '../../e2e/support/telegram'
import { median } from './report'
import { APP_LIVE_EVENT } from '../../contract/first-view'

/** A phone on a slow network: 4× CPU slowdown, 150 ms round trip, 1.6 Mbps down. */
export const THROTTLE = { cpuRate: 4, latencyMs: 150, downKbps: 1600, upKbps: 750 }

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'

export type StartRun = {
  firstPaintMs: number
  firstContentfulPaintMs: number
  liveMs: number
  /** Animation frames, from the first until live, in which no product card's text was shown. */
  blankFrames: number
  /** Frames counted in all (the same span). */
  frames: number
  jsTransferredBytes: number
  jsFiles: number
  /**
   * JS the page downloaded until it was live, by its resource timing (transfer sizes of the
   * scripts and module preloads whose response ended by then): what the visitor waited for.
   */
  jsUntilLiveBytes: number
  jsUntilLiveFiles: number
}

export type StartMedian = Omit<StartRun, 'frames' | 'jsFiles'> & { runs: StartRun[] }

/** How a load is made: a phone's browser, inside Telegram (iOS) or a desktop browser. */
export type StartDevice = 'h5' | 'ios_tg' | 'desktop'

const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

/**
 * Plain JavaScript (a function passed from tsx would carry its helpers): counts frames with
 * requestAnimationFrame from the first one the page gets until it is live (plus 10 frames, so
 * a swap right after hydration counts too), and those in which, once the served document is
 * parsed past #root, the first view's product text is not on screen.
 */
const FRAME_PROBE = `(() => {
  const probe = { frames: 0, blank: 0, done: false, after: -1 }
  window.__startProbe = probe
  const shown = () => {
    const card = document.querySelector('[data-testid="product-card"]')
    return !!card && (card.textContent || '').trim().length > 0
  }
  const tick = () => {
    if (probe.done) return
    if (document.body) {
      probe.frames++
      // Once the served view is parsed (the element after #root exists): before that the
      // document is still arriving, and the browser paints a partial page.
      const parsed = document.readyState !== 'loading' || !!document.getElementById('root')?.nextElementSibling
      if (parsed && !shown()) probe.blank++
      if (probe.after < 0 && document.documentElement.hasAttribute('data-live')) probe.after = 10
      if (probe.after >= 0 && probe.after-- === 0) probe.done = true
    }
    requestAnimationFrame(tick)
  }
  requestAnimationFrame(tick)
})()`

/**
 * The Telegram client, as a well-behaved one answers (see e2e/support/telegram-bridge.ts for
 * the test stand-in with late and missing answers).
 */
const bridgeScript = (theme: Record<string, string>) => `(() => {
  const theme = ${JSON.stringify(theme)}
  const answer = (type, data) => setTimeout(() => window.Telegram?.WebView?.receiveEvent?.(type, data), 0)
  const insets = { top: 0, bottom: 0, left: 0, right: 0 }
  window.TelegramWebviewProxy = {
    postEvent(type) {
      if (type === 'web_app_request_theme') answer('theme_changed', { theme_params: theme })
      if (type === 'web_app_request_viewport')
        answer('viewport_changed', { height: innerHeight, width: innerWidth, is_expanded: true, is_state_stable: true })
      if (type === 'web_app_request_safe_area') answer('safe_area_changed', insets)
      if (type === 'web_app_request_content_safe_area') answer('content_safe_area_changed', insets)
    },
  }
})()`

/**
 * One cold load of `url` on a throttled phone, in the browser (h5) or inside Telegram, or in a
 * desktop browser on the same link (its CPU not slowed).
 */
async function loadOnce(
  browser: Browser,
  url: string,
  telegram: { botToken: string; serverNow: number } | null,
  desktop = false,
): Promise<StartRun> {
  const context = await browser.newContext(
    desktop
      ? { viewport: { width: 1366, height: 900 }, userAgent: DESKTOP_UA }
      : {
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
          userAgent: IPHONE_UA,
        },
  )
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLE.latencyMs,
      downloadThroughput: (THROTTLE.downKbps * 1000) / 8,
      uploadThroughput: (THROTTLE.upKbps * 1000) / 8,
    })
    if (!desktop) await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE.cpuRate })
    // Bytes on the wire per script, as the network stack counts them (headers included).
    const scripts = new Map<string, number>()
    const bytes = new Map<string, number>()
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script') scripts.set(e.requestId, 0)
    })
    cdp.on('Network.loadingFinished', (e) => {
      if (scripts.has(e.requestId)) bytes.set(e.requestId, e.encodedDataLength)
    })
    await page.addInitScript({ content: FRAME_PROBE })
    let target = url
    if (telegram) {
      await page.addInitScript({ content: bridgeScript(LIGHT_THEME) })
      const initData = signInitData(
        {
          user: { id: 7770001, first_name: 'Bench', username: 'bench', language_code: 'en' },
          auth_date: telegram.serverNow,
        },
        telegram.botToken,
      )
      target += launchHash('ios', initData)
    }
    await page.goto(target, { waitUntil: 'commit' })
    await page.waitForFunction(
      () => (window as { __startProbe?: { done: boolean } }).__startProbe?.done,
      undefined,
      {
        timeout: 60_000,
        polling: 100,
      },
    )
    // What else the start downloads after live (the Telegram chunks, the login) counts too.
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined)
    const figures = await page.evaluate((liveMark) => {
      const probe = (window as unknown as { __startProbe: { frames: number; blank: number } })
        .__startProbe
      const paint = performance.getEntriesByName('first-paint')[0]?.startTime ?? NaN
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN
      const live = performance.getEntriesByName(liveMark)[0]?.startTime ?? NaN
      const js = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (r) => new URL(r.name).pathname.endsWith('.js') && r.responseEnd <= live,
      )
      const jsBytes = js.reduce((sum, r) => sum + r.transferSize, 0)
      return {
        paint,
        fcp,
        live,
        jsBytes,
        jsFiles: js.length,
        frames: probe.frames,
        blank: probe.blank,
      }
    }, APP_LIVE_EVENT)
    return {
      firstPaintMs: Math.round(figures.paint),
      firstContentfulPaintMs: Math.round(figures.fcp),
      jsUntilLiveBytes: figures.jsBytes,
      jsUntilLiveFiles: figures.jsFiles,
      liveMs: Math.round(figures.live),
      blankFrames: figures.blank,
      frames: figures.frames,
      jsTransferredBytes: [...bytes.values()].reduce((a, b) => a + b, 0),
      jsFiles: bytes.size,
    }
  } finally {
    await context.close()
  }
}

const medianOf = (runs: StartRun[]): StartMedian => ({
  firstPaintMs: median(runs.map((r) => r.firstPaintMs)),
  firstContentfulPaintMs: median(runs.map((r) => r.firstContentfulPaintMs)),
  jsUntilLiveBytes: median(runs.map((r) => r.jsUntilLiveBytes)),
  jsUntilLiveFiles: median(runs.map((r) => r.jsUntilLiveFiles)),
  liveMs: median(runs.map((r) => r.liveMs)),
  blankFrames: median(runs.map((r) => r.blankFrames)),
  jsTransferredBytes: median(runs.map((r) => r.jsTransferredBytes)),
  runs,
})

/** A server to measure: the change's, and the one it is compared with (BENCH_BEFORE). */
export type StartTarget = { name: string; baseUrl: string; botToken: string }

/**
 * The same page as a phone browser (h5), inside Telegram (ios_tg) and in a desktop browser,
 * `runs` cold loads each on every target, alternating so that all see the same machine load;
 * medians per target and device. The targets take turns going first: the load that follows
 * another came out slower (docs/performance.md Run AB), so a fixed order favoured the first.
 */
export async function measureTelegramStart(
  targets: readonly StartTarget[],
  path: string,
  runs: number,
): Promise<Record<string, Record<StartDevice, StartMedian>>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const all = new Map<string, Record<StartDevice, StartRun[]>>(
      targets.map((t) => [t.name, { h5: [], ios_tg: [], desktop: [] }]),
    )
    const record = (t: StartTarget) => all.get(t.name)!
    for (let i = 0; i < runs; i++) {
      const round = i % 2 ? [...targets].reverse() : targets
      for (const t of round) record(t).h5.push(await loadOnce(browser, t.baseUrl + path, null))
      for (const t of round) {
        // Telegram signs a launch with the time it happens: the server's.
        const health = (await (await fetch(`${t.baseUrl}/x-api/health`)).json()) as {
          time_now: string
        }
        const serverNow = Math.floor(Number(health.time_now))
        record(t).ios_tg.push(
          await loadOnce(browser, t.baseUrl + path, { botToken: t.botToken, serverNow }),
        )
      }
      for (const t of round)
        record(t).desktop.push(await loadOnce(browser, t.baseUrl + path, null, true))
    }
    return Object.fromEntries(
      targets.map((t) => {
        const r = record(t)
        return [
          t.name,
          { h5: medianOf(r.h5), ios_tg: medianOf(r.ios_tg), desktop: medianOf(r.desktop) },
        ]
      }),
    )
  } finally {
    await browser.close()
  }
}
