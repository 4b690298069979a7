import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page, TestInfo } from '@playwright/test'
import { expect } from './fixtures'
import { DARK_THEME, emitTelegramEvent } from './telegram-events'
import { LIGHT_THEME } from './telegram'

/** Where a coin is shown as a thing the user holds or can buy: each needs its icon (issue 17). */
export const COIN_HOLDERS = [
  'product-card',
  'position',
  'order',
  'wallet-record',
  'liquidity-position',
  'mining-position',
]

/**
 * Every coin icon on the page is asked for now (they are lazy) and polled until each one has
 * loaded the file of the current theme: right after hydration, or after a theme change, an
 * icon switches to its other file and is loading for a moment. Bounded: an icon that never
 * loads is left for sanityFindings to report.
 */
export async function waitForCoinIcons(page: Page, theme: 'light' | 'dark', timeoutMs = 8_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const pending = await page.evaluate((want) => {
      const icons = document.querySelectorAll<HTMLImageElement>('img[data-testid="coin-icon"]')
      let waiting = 0
      for (const img of icons) {
        img.loading = 'eager'
        const themed = !img.dataset.themeIcon || img.dataset.themeIcon === want
        if (!themed || !img.complete || img.naturalWidth === 0) waiting++
      }
      return waiting
    }, theme)
    if (pending === 0 || Date.now() > deadline) return pending
    await page.waitForTimeout(100)
  }
}

/** Findings of the page's own checks, as readable lines (empty when all is well). */
export function sanityFindings(page: Page) {
  return page.evaluate((holders) => {
    const found: string[] = []
    // Icons are lazy: ask for every one (cards that arrive late too), then judge them.
    for (const img of document.querySelectorAll<HTMLImageElement>('img[data-testid="coin-icon"]'))
      img.loading = 'eager'
    const doc = document.documentElement
    if (doc.scrollWidth > doc.clientWidth) {
      // Name the widest offender, so the report says what to fix.
      let widest = ''
      let right = doc.clientWidth
      for (const el of document.body.querySelectorAll('*')) {
        const r = el.getBoundingClientRect()
        if (r.right > right + 0.5 && r.width > 0) {
          right = r.right
          widest = `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${[...el.classList].slice(0, 3).join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`
        }
      }
      found.push(`horizontal overflow: ${doc.scrollWidth} > ${doc.clientWidth} (${widest})`)
    }
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      // A 1 px box is the visually-hidden pattern (sr-only): read by screen readers, not seen.
      return r.width > 1 && r.height > 1 && style.visibility !== 'hidden'
    }
    for (const el of document.body.querySelectorAll('*')) {
      if (!visible(el) || el.closest('[aria-hidden="true"], script, style, svg')) continue
      const own = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join(' ')
        .trim()
      if (!own) continue
      // A box narrower than 12 characters (about 0.55 em each) holding more than three words.
      const fontSize = parseFloat(getComputedStyle(el).fontSize)
      const words = own.split(/\s+/).length
      const width = el.getBoundingClientRect().width
      if (words > 3 && width < 12 * 0.55 * fontSize) {
        found.push(`narrow text (${Math.round(width)} px): "${own.slice(0, 40)}"`)
      }
      // Identifiers (order ids, hashes) are not amounts: a number inside a longer token is not
      // judged, only a number standing as its own word.
      for (const m of own.matchAll(/(?<![\w-])\d[\d.,]*(?![\w-])/g)) {
        const n = m[0]
        if (/\d{5,}/.test(n.split(/[.,]/)[0] ?? '') && !/[.,]/.test(n.slice(0, 6))) {
          found.push(`ungrouped number ${n} in "${own.slice(0, 40)}"`)
        }
        if (/[.,]\d*0000\b/.test(n)) found.push(`trailing zeros ${n} in "${own.slice(0, 40)}"`)
      }
    }
    const selector = holders.map((h) => `[data-testid="${h}"]`).join(', ')
    for (const holder of document.querySelectorAll(selector)) {
      if (!visible(holder)) continue
      const what = `${holder.getAttribute('data-testid')} "${holder.textContent?.trim().slice(0, 30)}"`
      const icon = holder.querySelector<HTMLImageElement>('img[data-testid="coin-icon"]')
      if (!icon) found.push(`${what} without a coin icon`)
      else if (!icon.complete || icon.naturalWidth === 0) {
        found.push(`${what}: icon not loaded (${icon.src})`)
      } else if (!icon.alt) found.push(`${what}: icon without alt text`)
    }
    return found
  }, COIN_HOLDERS)
}

// The sweep of issue 17's visual sanity (e2e/earn-visual-sanity*.spec.ts): every width × theme
// state of an open page, judged by sanityFindings, a screenshot and axe.
/**
 * The widths a project sweeps: the phone widths on the phone projects (a phone is not 1280 px
 * wide; pc judges those widths), and on pc a desktop window from Telegram Desktop's narrow
 * frame (390, a desktop user agent) up. 320 px is a small phone's, swept by h5 and ios_tg
 * (every route of both halves), never a desktop window's.
 */
const DESKTOP_WIDTHS = [390, 768, 1280, 1920] as const
const PHONE_WIDTHS = [320, 390] as const
const sweepWidths = (testInfo: TestInfo) =>
  testInfo.project.use.isMobile ? PHONE_WIDTHS : DESKTOP_WIDTHS
const THEMES = ['light', 'dark'] as const
type Theme = (typeof THEMES)[number]

const inTelegram = (testInfo: TestInfo) => testInfo.project.name.endsWith('_tg')
/** axe runs at the project's own width: the desktop layout on pc, the phone layout on h5/ios_tg. */
const axeWidth = (testInfo: TestInfo) => (testInfo.project.use.isMobile ? 390 : 1280)

/**
 * axe-core itself, the copy @axe-core/playwright loads (no second version): run in the page
 * directly, it takes ~0.5 s where AxeBuilder.analyze() took 2.5-3.5 s on the same page (that
 * one runs axe per frame and finishes the run in a second, blank page), and it is put in the
 * page once per navigation, not once per run.
 */
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
    'axe-core/axe.min.js',
  ),
  'utf8',
)

async function seriousAxe(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') }
    const { violations } = await axe.run(document, { resultTypes: ['violations'] })
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  })
}

/** The page as a user with this theme sees it: the system setting, or Telegram's palette. */
async function setTheme(page: Page, theme: Theme, telegram: boolean) {
  await page.emulateMedia({ colorScheme: theme })
  if (telegram) {
    await emitTelegramEvent(page, 'theme_changed', {
      theme_params: theme === 'dark' ? DARK_THEME : LIGHT_THEME,
    })
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
  }
}

/** Two frames: the new width's layout (and any resize observer it wakes) has been painted. */
const settle = (page: Page) =>
  page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  )

/**
 * Findings that outlive a short wait: right after a resize or a theme change a chart or a
 * virtual list may measure once more, and an icon swap is in flight. A real problem stays.
 */
async function lastingFindings(page: Page) {
  let found = await sanityFindings(page)
  for (let i = 0; found.length && i < 5; i++) {
    await page.waitForTimeout(200)
    found = await sanityFindings(page)
  }
  return found
}

/**
 * Every width × theme state of the page that is open now: the checks, a screenshot, axe at
 * the project's own width. Returns the problems as lines, so one run reports all of them.
 */
export async function sweep(page: Page, testInfo: TestInfo, name: string): Promise<string[]> {
  const problems: string[] = []
  const telegram = inTelegram(testInfo)
  for (const theme of THEMES) {
    await setTheme(page, theme, telegram)
    for (const width of sweepWidths(testInfo)) {
      await page.setViewportSize({ width, height: width >= 1280 ? 900 : 844 })
      await settle(page)
      // From 992 px product lists become a table, loaded on demand: judge it once it is in.
      await expect(page.getByTestId('product-table-loading')).toHaveCount(0)
      const state = `${name} ${width}px ${theme}`
      const unloaded = await waitForCoinIcons(page, theme)
      if (unloaded) problems.push(`${state}: ${unloaded} coin icon(s) never loaded`)
      for (const f of await lastingFindings(page)) problems.push(`${state}: ${f}`)
      // For a person to read (test-results/); CI has nobody to read them, and they were a
      // quarter of the sweep's time there (a failed test keeps its trace's screenshots).
      if (!process.env.CI)
        await page.screenshot({
          path: testInfo.outputPath(`${name}-${width}-${theme}.jpeg`),
          fullPage: true,
          type: 'jpeg',
          quality: 60,
        })
      if (width === axeWidth(testInfo)) {
        for (const v of await seriousAxe(page)) problems.push(`${state}: axe ${v}`)
      }
    }
  }
  return problems
}

export const slug = (route: string) => route.replace(/\W+/g, '-').replace(/^-|-$/g, '')

/** The route's own first content is on screen (its h1, and the cards where it lists some). */
export async function ready(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
}

/**
 * Opens the routes one after another (the first through the project's launch) and sweeps each;
 * the problems of all of them, as lines.
 */
export async function sweepRoutes(
  page: Page,
  openEarn: (path: string) => Promise<unknown>,
  testInfo: TestInfo,
  routes: readonly string[],
): Promise<string[]> {
  const problems: string[] = []
  await openEarn(routes[0]!)
  for (const route of routes) {
    if (route !== routes[0]) await page.goto(route)
    await ready(page)
    if (route.endsWith('/home'))
      await expect(page.getByTestId('product-card').first()).toBeVisible()
    problems.push(...(await sweep(page, testInfo, slug(route))))
  }
  return problems
}
