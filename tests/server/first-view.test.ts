import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Hono } from 'hono'
import { afterAll, describe, expect, it } from 'vitest'
import type { FirstView, FirstViewRequest } from '../../contract/first-view'
import type { InitialData } from '../../contract/initial-data'
import { TELEGRAM_CHUNKS_ELEMENT_ID } from '../../contract/telegram-launch'
import {
  FIRST_VIEW_TIMEOUT_MS,
  firstViewModulePath,
  firstViewRenderer,
} from '../../server/modules/client-shell/first-view'
import {
  ENTRY_AFTER_PAINT,
  INLINE_SCRIPTS,
  TELEGRAM_LAUNCH,
} from '../../server/modules/client-shell/inline-scripts'
import { renderShell } from '../../server/modules/client-shell/shell-html'
import { WARM_UP_PATH, warmFirstView } from '../../server/modules/client-shell/mount-client'
import { createApp } from '../../server/app'
import { systemClock } from '../../server/clock'
import { testConfig } from '../../server/config'
import type { DatabaseHandle } from '../../server/db/client'
import { seedDatabase } from '../../server/db/seed'
import { openTestDatabase } from '../support/test-database'

// The real renderer is the client's server build (dist/.ssr); e2e/first-view.spec.ts drives it
// in Chromium. Here small modules in its place show how the server treats what it answers.

const INDEX_HTML =
  '<!doctype html><html lang="en" dir="ltr"><head><title>Earn</title>' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="stylesheet" href="/a.css"></head><body><div id="root"></div></body></html>'
const DATA: InitialData = { at: 1, calls: [] }
const request = (userAgent = 'Mozilla/5.0'): FirstViewRequest => ({
  url: '/ar-SA/earn/home?coin=BTC',
  userAgent,
  initialData: DATA,
})

/** The shell with no preloads, with this first view (none when undefined). */
const shellWith = (firstView?: FirstView) =>
  renderShell(INDEX_HTML, {
    modulePreloads: [],
    stylesheets: [],
    telegramChunks: { start: ['assets/telegram-start-x.js'], later: ['assets/init-telegram-x.js'] },
    firstView,
  })

describe('the shell with a first view', () => {
  it("puts the view in the root and the view's language and direction on <html>", () => {
    const html = shellWith({ html: '<main><h1>الكسب</h1></main>', lang: 'ar-SA', dir: 'rtl' })
    expect(html).toContain('<html lang="ar-SA" dir="rtl">')
    // The same markup on every platform: inside Telegram too it stays and is hydrated.
    expect(html).toContain('<div id="root"><main><h1>الكسب</h1></main></div>')
    expect(html).not.toContain('replaceChildren')
  })

  it('carries the Telegram launch script before the stylesheets, with the chunks as data', () => {
    const html = shellWith()
    const script = html.indexOf(`<script>${TELEGRAM_LAUNCH}</script>`)
    expect(script).toBeGreaterThan(html.indexOf('</title>'))
    expect(script).toBeLessThan(html.indexOf('<link rel="stylesheet"'))
    expect(html).toContain(
      `<script type="application/json" id="${TELEGRAM_CHUNKS_ELEMENT_ID}">{"start":["assets/telegram-start-x.js"],"later":["assets/init-telegram-x.js"]}</script>`,
    )
    // Every executable inline script of the shell is one the CSP knows by its hash.
    for (const page of [html, shellWith({ html: '<main></main>', lang: 'en', dir: 'ltr' })]) {
      const inline = [
        ...page.matchAll(
          /<script(?: data-entry="[^"]*")?(?: data-preloads="[^"]*")?>([\s\S]*?)<\/script>/g,
        ),
      ]
      expect(inline.length).toBeGreaterThan(0)
      for (const [, body] of inline) expect(INLINE_SCRIPTS).toContain(body)
    }
  })

  it('starts the entry after the first paint of a served view, at once without one', () => {
    const served = shellWith({ html: '<main><h1>Earn</h1></main>', lang: 'en', dir: 'ltr' })
    expect(served).not.toContain('<script type="module"')
    // Last in the body: the view (and the data) are parsed when it asks for a frame.
    expect(served).toMatch(
      new RegExp(
        `<div id="root"><main><h1>Earn</h1></main></div><script data-entry="/assets/index-1.js">${ENTRY_AFTER_PAINT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</script></body>`,
      ),
    )
    // No view to paint: the client draws the page, and its entry loads as Vite wrote it.
    expect(shellWith()).toContain(
      '<script type="module" crossorigin src="/assets/index-1.js"></script>',
    )
    expect(shellWith()).not.toContain('<script data-entry')
  })

  it("preloads the route's chunks at the paint with a served view, in the head without one", () => {
    const withPreloads = (firstView?: FirstView) =>
      renderShell(INDEX_HTML, {
        modulePreloads: ['assets/product-1.js', 'assets/ui-kit-1.js'],
        stylesheets: [],
        telegramChunks: { start: [], later: [] },
        firstView,
      })
    const served = withPreloads({ html: '<main></main>', lang: 'en', dir: 'ltr' })
    // Only the entry is preloaded from the head; ENTRY_AFTER_PAINT preloads the rest at the paint.
    expect(served.match(/<link rel="modulepreload"[^>]*>/g)).toEqual([
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/index-1.js">',
    ])
    expect(served).toContain(
      '<script data-entry="/assets/index-1.js" data-preloads="assets/product-1.js assets/ui-kit-1.js">',
    )
    expect(ENTRY_AFTER_PAINT).toContain("getAttribute('data-preloads')")
    // Without a view the entry runs at once: its chunks are wanted at once too.
    const plain = withPreloads()
    expect(plain).toContain('<link rel="modulepreload" crossorigin href="/assets/product-1.js">')
    expect(plain).not.toContain('data-preloads')
  })

  it('leaves the root empty and the language alone without one', () => {
    const html = shellWith()
    expect(html).toContain('<html lang="en" dir="ltr">')
    expect(html).toContain('<div id="root"></div>')
  })

  it('keeps a hostile language tag inside its attribute', () => {
    const html = shellWith({ html: '', lang: '"><script>x()</script>', dir: 'ltr' })
    expect(html).toContain('<html lang="&quot;><script>x()</script>" dir="ltr">')
  })
})

describe('the first-view renderer', () => {
  const dirs: string[] = []
  /** A build directory whose renderer module is `source` (none when undefined). */
  const rendererFrom = (source?: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'earn-first-view-'))
    dirs.push(dir)
    if (source !== undefined) {
      mkdirSync(join(dir, '.ssr'))
      writeFileSync(firstViewModulePath(dir), source)
    }
    return firstViewRenderer(dir).render
  }
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

  it('gives nothing while there is no build of it', async () => {
    expect(await rendererFrom()(request())).toBeUndefined()
  })

  it("answers with the build's render of the request", async () => {
    const render = rendererFrom(
      `export const renderFirstView = async (r) => ({ html: r.url + ' ' + r.initialData.at, lang: 'ar-SA', dir: 'rtl' })`,
    )
    expect(await render(request())).toEqual({
      html: '/ar-SA/earn/home?coin=BTC 1',
      lang: 'ar-SA',
      dir: 'rtl',
    })
    // The exchange app's webview logs in through its bridge: the client renders there.
    expect(await render(request('Mozilla/5.0 ExchangeApp/3.6.1'))).toBeUndefined()
  })

  it('gives nothing when the render fails, and keeps serving', async () => {
    const render = rendererFrom(
      `let n = 0; export const renderFirstView = async () => { if (n++ === 0) throw new Error('boom'); return { html: 'ok', lang: 'en', dir: 'ltr' } }`,
    )
    expect(await render(request())).toBeUndefined()
    expect((await render(request()))?.html).toBe('ok')
  })

  it(`gives nothing when the render takes longer than ${FIRST_VIEW_TIMEOUT_MS} ms`, async () => {
    const render = rendererFrom(
      `export const renderFirstView = () => new Promise((resolve) => setTimeout(() => resolve({ html: 'late', lang: 'en', dir: 'ltr' }), 5000).unref())`,
    )
    const started = Date.now()
    expect(await render(request())).toBeUndefined()
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('tells the renderer when it stops waiting, so a render queued past that is not started', async () => {
    const render = rendererFrom(
      `export const renderFirstView = async (r) => ({ html: String(r.deadline - Date.now()), lang: 'en', dir: 'ltr' })`,
    )
    const left = Number((await render(request()))?.html)
    expect(left).toBeGreaterThan(0)
    expect(left).toBeLessThanOrEqual(FIRST_VIEW_TIMEOUT_MS)
  })

  it('gives nothing when the build does not load', async () => {
    expect(await rendererFrom('export const = broken')(request())).toBeUndefined()
  })

  it('is imported when the server starts, before the first visitor asks', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'earn-first-view-'))
    dirs.push(dir)
    mkdirSync(join(dir, '.ssr'))
    writeFileSync(
      firstViewModulePath(dir),
      `export const firstViewStats = () => ({ renders: 0, kept: 0 }); export const renderFirstView = async () => undefined`,
    )
    // No render asked for: the stats come from the module, so it has been imported.
    expect(await firstViewRenderer(dir).stats()).toEqual({ renders: 0, kept: 0 })
    // Without a build there is nothing to import, and nothing to report.
    const empty = mkdtempSync(join(tmpdir(), 'earn-first-view-'))
    dirs.push(empty)
    expect(await firstViewRenderer(empty).stats()).toBeUndefined()
  })
})

describe('the warm-up render at start', () => {
  let database: DatabaseHandle
  let dir: string
  afterAll(async () => {
    await database?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('draws home once, anonymously, through the page handler a visitor gets', async () => {
    dir = mkdtempSync(join(tmpdir(), 'earn-warm-up-'))
    mkdirSync(join(dir, '.vite'))
    mkdirSync(join(dir, '.ssr'))
    writeFileSync(join(dir, 'index.html'), INDEX_HTML)
    writeFileSync(join(dir, '.vite', 'manifest.json'), '{}')
    // The stand-in renderer counts what it is asked to draw, and with which data.
    writeFileSync(
      firstViewModulePath(dir),
      `const asked = []; export const askedOf = () => asked
export const renderFirstView = async (r) => { asked.push({ url: r.url, userAgent: r.userAgent, calls: r.initialData.calls.map((c) => c.call) }); return { html: '<p>drawn</p>', lang: 'en', dir: 'ltr' } }`,
    )
    database = await openTestDatabase()
    await seedDatabase(database.db, new Date(), { demo: true })
    const app = createApp({
      db: database.db,
      dbKind: database.kind,
      config: testConfig(),
      clock: systemClock,
      staticDir: dir,
    })
    const renderer = (await import(pathToFileURL(firstViewModulePath(dir)).href)) as {
      askedOf: () => { url: string; userAgent: string; calls: string[] }[]
    }
    expect(renderer.askedOf()).toEqual([])
    await warmFirstView(app)
    expect(renderer.askedOf()).toEqual([
      {
        url: WARM_UP_PATH,
        userAgent: expect.stringContaining('earn-warm-up') as string,
        calls: ['get-homepage-product-cards'],
      },
    ])
    // A broken app is logged, never thrown at the start.
    const broken = { request: () => Promise.reject(new Error('down')) } as unknown as Hono
    await expect(warmFirstView(broken)).resolves.toBeUndefined()
  })
})
