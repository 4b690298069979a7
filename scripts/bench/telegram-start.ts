import { chromium, type Browser } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium-path.mjs'
import { LIGHT_THEME, launchHash, signInitData } from '../../e2e/support/telegram'

/** A phone on a slow network: 4× CPU slowdown, 150 ms round trip, 1.6 Mbps down. */
export const THROTTLE = { cpuRate: 4, latencyMs: 150, downKbps: 1600, upKbps: 750 }

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'

export type StartRun = {
  firstPaintMs: number
  liveMs: number
  /** Animation frames, from the first until live, in which no product card's text was shown. */
  blankFrames: number
  /** Frames counted in all (the same span). */
  frames: number
  jsTransferredBytes: number
  jsFiles: number
}

export type StartMedian = Omit<StartRun, 'frames' | 'jsFiles'> & { runs: StartRun[] }

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

/** One cold load of `url` on a throttled phone, in the browser (h5) or inside Telegram. */
async function loadOnce(
  browser: Browser,
  url: string,
  telegram: { botToken: string; serverNow: number } | null,
): Promise<StartRun> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent: IPHONE_UA,
  })
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
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE.cpuRate })
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
    const figures = await page.evaluate(() => {
      const probe = (window as unknown as { __startProbe: { frames: number; blank: number } })
        .__startProbe
      const paint = performance.getEntriesByName('first-paint')[0]?.startTime ?? NaN
      const live = performance.getEntriesByName('earn:live')[0]?.startTime ?? NaN
      return { paint, live, frames: probe.frames, blank: probe.blank }
    })
    return {
      firstPaintMs: Math.round(figures.paint),
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const medianOf = (runs: StartRun[]): StartMedian => ({
  firstPaintMs: median(runs.map((r) => r.firstPaintMs)),
  liveMs: median(runs.map((r) => r.liveMs)),
  blankFrames: median(runs.map((r) => r.blankFrames)),
  jsTransferredBytes: median(runs.map((r) => r.jsTransferredBytes)),
  runs,
})

/**
 * The same page as a phone browser (h5) and inside Telegram (ios_tg), `runs` cold loads each,
 * alternating so that both see the same machine load; medians.
 */
export async function measureTelegramStart(
  baseUrl: string,
  path: string,
  runs: number,
  botToken: string,
): Promise<{ h5: StartMedian; ios_tg: StartMedian }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const h5: StartRun[] = []
    const tg: StartRun[] = []
    for (let i = 0; i < runs; i++) {
      h5.push(await loadOnce(browser, baseUrl + path, null))
      // Telegram signs a launch with the time it happens: the server's.
      const health = (await (await fetch(`${baseUrl}/x-api/health`)).json()) as {
        time_now: string
      }
      const serverNow = Math.floor(Number(health.time_now))
      tg.push(await loadOnce(browser, baseUrl + path, { botToken, serverNow }))
    }
    return { h5: medianOf(h5), ios_tg: medianOf(tg) }
  } finally {
    await browser.close()
  }
}
