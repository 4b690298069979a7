import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium-path.mjs'

export type FirstRender = { requests: number; fcpMs: number; files: string[] }

/**
 * Loads a page in Chromium and counts the requests started before its first contentful
 * paint (the document included): the round trips a visitor waits for.
 */
export async function measureFirstRender(url: string): Promise<FirstRender> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage()
    await page.goto(url, { waitUntil: 'networkidle' })
    await page.getByTestId('product-card').first().waitFor()
    return await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity
      const before = performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime < fcp)
        .map((e) => new URL(e.name).pathname)
      return { requests: before.length + 1, fcpMs: Math.round(fcp), files: before }
    })
  } finally {
    await browser.close()
  }
}
