import type { Frame, Page, TestInfo } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { consoleErrors, keepServed } from './support/served-view'
import { loginAs } from './earn-journey-helpers'
import { sanityFindings } from './support/visual-sanity'

// Issue 23, item 5: Telegram Web (web.telegram.org) opens the mini-app in a frame about 390 px
// wide while the browser's user agent is a desktop one, so the server draws its first view for
// a desktop. That view must fit the frame by CSS alone, and hydrate into the layout the client
// chooses for that width without a jump. Each page is checked while the served view is on
// screen (the entry held back, so nothing has run) and again once it is live.

/** A desktop browser's user agent, as Telegram Web's visitors have. */
const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const FRAME = { width: 390, height: 844 }
const ENTRY = /\/assets\/index-[\w-]+\.js$/
const HYDRATION_ERROR = /hydrat|Minified React error|#418|#425/i

test.use({ userAgent: DESKTOP_UA, viewport: FRAME, isMobile: false, hasTouch: false })

// pc and pc_tg only (DESKTOP_UA_ONLY in playwright.config.ts).

/**
 * Holds the page's entry back while `closed`: what is on screen then is the served view, with
 * no script of the app run. `open()` lets the held request (and later ones) through.
 */
async function entryGate(page: Page) {
  let open = () => {}
  let gate = Promise.resolve()
  await page.route(ENTRY, async (route) => {
    await gate
    await route.continue()
  })
  return {
    close: () => void (gate = new Promise<void>((resolve) => (open = resolve))),
    open: () => open(),
  }
}

/**
 * Asks for `path` until the server answers it with its first view. On a busy machine a render
 * may miss its 300 ms budget and the page comes as the plain shell, which the client draws:
 * nothing served to judge, and a held entry would hold the whole page. A render is reused for
 * 2 s (FIRST_VIEW_REUSE_MS), so the page opened right after this comes with the view.
 */
async function warmFirstView(page: Page, path: string) {
  for (let i = 0; i < 10; i++) {
    const html = await (
      await page.request.get(path, { headers: { 'user-agent': DESKTOP_UA } })
    ).text()
    if (html.includes('<script data-entry=')) return
  }
  throw new Error(`${path}: no first view in 10 tries`)
}

/**
 * What lies outside the frame: the document scrolling sideways, and every element of #root
 * drawn past its left or right edge (the widest offenders first). An element inside a sideways
 * scroller of its own may lie past the edge: the scroller is judged instead.
 */
const outsideTheFrame = (target: Page | Frame) =>
  target.evaluate(() => {
    const doc = document.documentElement
    const width = doc.clientWidth
    const found: string[] = []
    if (doc.scrollWidth > width) found.push(`document ${doc.scrollWidth} px wide in ${width} px`)
    const all = [...document.querySelectorAll('#root *')]
    const scrollers = all.filter((el) => getComputedStyle(el).overflowX !== 'visible')
    for (const el of all) {
      const r = el.getBoundingClientRect()
      if (r.width < 2 || r.height < 2) continue
      if (scrollers.some((s) => s !== el && s.contains(el))) continue
      if (r.left < -0.5 || r.right > width + 0.5)
        found.push(
          `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')} ${Math.round(r.left)}…${Math.round(r.right)} px "${(el.textContent ?? '').trim().slice(0, 30)}"`,
        )
    }
    return found.slice(0, 5)
  })

/** The first product on screen (a card or a table row) and where it is drawn. */
const firstProduct = (target: Page | Frame) =>
  target.evaluate(() => {
    for (const el of document.querySelectorAll('[data-testid="product-card"]')) {
      const r = el.getBoundingClientRect()
      if (r.width > 0 && r.height > 0)
        return { tag: el.tagName.toLowerCase(), x: r.x, y: r.y, width: r.width, height: r.height }
    }
    return null
  })

const isLive = (target: Page | Frame) =>
  target.evaluate(() => document.documentElement.hasAttribute('data-live'))

/** The element kept by keepServed is in the page and React's: adopted, not drawn anew. */
const servedAdopted = (target: Page | Frame) =>
  target.waitForFunction(() => {
    const served = (window as unknown as { served?: Element }).served
    return served?.isConnected && Object.keys(served).some((k) => k.startsWith('__reactFiber$'))
  })

/**
 * The live page's visual sanity (e2e/support/visual-sanity.ts): no overflow, numbers grouped,
 * every product with its coin icon. Polled: the icons hydrate and load after the page.
 */
const settled = (page: Page) =>
  expect.poll(() => sanityFindings(page), { timeout: 20_000 }).toEqual([])

/** Light and dark screenshots of the page, kept with the test's output (pc only). */
async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  if (testInfo.project.name !== 'pc') return
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await page.screenshot({
      path: testInfo.outputPath(`${name}-${colorScheme}.png`),
    })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

for (const width of [FRAME.width, 1280]) {
  const layout = width < 992 ? 'cards' : 'table'
  const product =
    layout === 'cards' ? 'a[data-testid="product-card"]' : 'tr[data-testid="product-card"]'
  for (const path of ['/earn/home', '/ar-SA/earn/home']) {
    test(`${path} drawn for a desktop user agent in a ${width} px frame has no horizontal overflow before and after hydration`, async ({
      page,
      openEarn,
    }, testInfo) => {
      const errors = consoleErrors(page)
      await page.setViewportSize({ width, height: FRAME.height })
      await keepServed(page, product)
      const entry = await entryGate(page)
      entry.close()
      await warmFirstView(page, path)
      const opened = openEarn(path)
      // The served view, before any of the app's code has run.
      await page.locator(product).first().waitFor()
      expect(await isLive(page)).toBe(false)
      expect(await outsideTheFrame(page)).toEqual([])
      const served = await firstProduct(page)
      expect(served?.tag).toBe(layout === 'cards' ? 'a' : 'tr')
      await screenshots(page, testInfo, `${layout}-${width}-served`)
      // Live: the served products adopted where they were drawn, the other layout gone.
      entry.open()
      await opened
      await servedAdopted(page)
      await expect(
        page.locator(
          layout === 'cards' ? '[data-testid="product-table"]' : 'a[data-testid="product-card"]',
        ),
      ).toHaveCount(0)
      // Inside Telegram the user is signed in by then, and home adds their summary above.
      const telegram = testInfo.project.name.endsWith('_tg')
      expect({ ...(await firstProduct(page)), ...(telegram && { y: 0 }) }).toEqual({
        ...served,
        ...(telegram && { y: 0 }),
      })
      expect(await outsideTheFrame(page)).toEqual([])
      await settled(page)
      await screenshots(page, testInfo, `${layout}-${width}-live`)
      expect(errors.filter((e) => HYDRATION_ERROR.test(e))).toEqual([])
    })
  }
}

test("server-drawn product pages in a desktop user agent's 390 px frame have no horizontal overflow before and after hydration", async ({
  page,
  openEarn,
}) => {
  test.setTimeout(90_000)
  const errors = consoleErrors(page)
  const entry = await entryGate(page)
  // Staged products are served to users their stage includes (gray release, spec §5): the
  // whitelisted insider for structured-eth (Internal), kyc2 (id ending 3) for launch-ton (Stage2).
  const pages: [string, string][] = [
    ['fixed-usdt-7', 'insider@earn.test'],
    ['flex-usdt', 'insider@earn.test'],
    ['dual-btc-low', 'insider@earn.test'],
    ['structured-eth', 'insider@earn.test'],
    ['launch-ton', 'kyc2@earn.test'],
  ]
  let user = ''
  for (const [id, email] of pages) {
    if (email !== user) await loginAs(page, (user = email))
    entry.close()
    await warmFirstView(page, `/earn/product/${id}`)
    const opened = openEarn(`/earn/product/${id}`)
    // The new document, not the last product's.
    await page.waitForURL((url) => url.pathname === `/earn/product/${id}`, { waitUntil: 'commit' })
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(await isLive(page), id).toBe(false)
    expect(await outsideTheFrame(page), `${id} served`).toEqual([])
    entry.open()
    await opened
    expect(await outsideTheFrame(page), `${id} live`).toEqual([])
    await settled(page)
  }
  expect(errors.filter((e) => HYDRATION_ERROR.test(e))).toEqual([])
})

// Telegram Web's case without its bridge: a desktop-sized page framing the app (same origin
// here, so storage and cookies work; the Telegram Web stand-in covers the cross-site frame). The
// framing page is a web page: pc only (WEB_PAGE_TAG in playwright.config.ts).
test(
  '/earn/home in a 390 px <iframe> of a desktop page fits it before and after hydration',
  { tag: '@web-page' },
  async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.route('**/e2e-frame-host', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><body style="margin:0"><iframe src="/earn/home" title="Earn" style="width:${FRAME.width}px;height:${FRAME.height}px;border:0"></iframe></body>`,
      }),
    )
    const errors = consoleErrors(page)
    await keepServed(page, 'a[data-testid="product-card"]')
    const entry = await entryGate(page)
    entry.close()
    await warmFirstView(page, '/earn/home')
    // The page's own goto waits for the app to be live, which the framing page never is.
    await page.mainFrame().goto('/e2e-frame-host', { waitUntil: 'commit' })
    await page.frameLocator('iframe').locator('a[data-testid="product-card"]').first().waitFor()
    const frame = page.frames().find((f) => f.url().endsWith('/earn/home'))!
    expect(await isLive(frame)).toBe(false)
    expect(await frame.evaluate(() => document.documentElement.clientWidth)).toBe(FRAME.width)
    expect(await outsideTheFrame(frame)).toEqual([])
    const served = await firstProduct(frame)
    expect(served?.tag).toBe('a')
    entry.open()
    await frame.locator('html[data-live]').waitFor({ state: 'attached' })
    await servedAdopted(frame)
    await expect(frame.getByTestId('product-table')).toHaveCount(0)
    expect(await firstProduct(frame)).toEqual(served)
    expect(await outsideTheFrame(frame)).toEqual([])
    await page.screenshot({ path: testInfo.outputPath('iframe-390-live.png') })
    expect(errors.filter((e) => HYDRATION_ERROR.test(e))).toEqual([])
  },
)
