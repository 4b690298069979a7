import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium-path.mjs'
import { median } from './report'

export type LighthouseFigures = {
  score: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
}
export type LighthouseResult = { median: LighthouseFigures; runs: LighthouseFigures[] }

/** One Lighthouse performance run with its default mobile preset (slow 4G, 4× CPU, simulated). */
async function runOnce(url: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`)
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: Math.round(metric('first-contentful-paint')),
      lcpMs: Math.round(metric('largest-contentful-paint')),
      tbtMs: Math.round(metric('total-blocking-time')),
      cls: Number(metric('cumulative-layout-shift').toFixed(3)),
    }
  } finally {
    chrome.kill()
  }
}

/** `runs` fresh-browser runs; each figure is the median of its own values. */
export async function lighthouseMedian(url: string, runs = 3): Promise<LighthouseResult> {
  const results: LighthouseFigures[] = []
  for (let i = 0; i < runs; i++) results.push(await runOnce(url))
  const pick = (k: keyof LighthouseFigures) => median(results.map((r) => r[k]))
  return {
    median: {
      score: pick('score'),
      fcpMs: pick('fcpMs'),
      lcpMs: pick('lcpMs'),
      tbtMs: pick('tbtMs'),
      cls: pick('cls'),
    },
    runs: results,
  }
}
