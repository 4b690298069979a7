import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  INITIAL_DATA_ELEMENT_ID,
  SERVED_COINS_ELEMENT_ID,
  type InitialData,
} from '../../contract/initial-data'
import { productDetailRequest } from '../../contract/product-pages'
import { API_PREFIX, COINS_PATH } from '../../contract/paths'
import { createApp } from '../../server/app'
import { ManualClock } from '../../server/clock'
import { testConfig } from '../../server/config'
import type { DatabaseHandle } from '../../server/db/client'
import { seedDatabase } from '../../server/db/seed'
import { DEMO_PASSWORD } from '../../server/db/seed-identity'
import { serializeForScript } from '../../server/modules/client-shell/initial-data'
import {
  LOADER_TEXT_BUNDLES,
  PRODUCT_ROUTE_FILE,
  routeAssetsOf,
  PRODUCT_TABLE_SOURCE,
  shellPageOf,
  wideListAssetsOf,
  type ViteManifest,
} from '../../server/modules/client-shell/route-chunks'
import { WIDE_LIST_MEDIA } from '../../contract/first-view'
import { firstViewModulePath } from '../../server/modules/client-shell/first-view'
import { renderShell } from '../../server/modules/client-shell/shell-html'
import { openTestDatabase } from '../support/test-database'

const INDEX_HTML =
  '<!doctype html><html><head><title>Earn</title>' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/runtime-1.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>' +
  '<body><div id="root"></div></body></html>'
const NO_TELEGRAM_CHUNKS = { start: [], later: [] }
const ENTRY_CSS = 'body{margin:0;color:#111}'
/** index.html as the server serves it: the entry's stylesheet inlined. */
const SERVED_INDEX_HTML = INDEX_HTML.replace(
  '<link rel="stylesheet" crossorigin href="/assets/index-1.css">',
  `<style>${ENTRY_CSS}</style><link rel="stylesheet" href="/assets/index-1.css" disabled>`,
)

// The grouping vite.config.ts asks for: loader and component in one chunk.
const split = (file: string) => `src/routes/{-$locale}/${file}?tsr-split=component---loader`
const MANIFEST: ViteManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_runtime-1.js'] },
  '_runtime-1.js': { file: 'assets/runtime-1.js' },
  '_product-page-1.js': { file: 'assets/product-page-1.js', imports: ['index.html'] },
  [split('route.tsx')]: { file: 'assets/route-1.js', imports: ['index.html'] },
  [split('earn/home.tsx')]: {
    file: 'assets/home-1.js',
    imports: ['index.html', '_product-page-1.js'],
    css: ['assets/home-1.css'],
  },
  [split('earn/index.tsx')]: { file: 'assets/earn-1.js', imports: ['_product-page-1.js'] },
  [split('earn/savings.tsx')]: { file: 'assets/savings-1.js', imports: ['_product-page-1.js'] },
  [split('earn/product/$productId.tsx')]: { file: 'assets/product-1.js', imports: ['index.html'] },
}

describe('which page a path renders', () => {
  it('maps earn paths, with or without a locale, to page keys', () => {
    expect(shellPageOf('/')).toEqual({ pageKey: 'home', routeFile: 'earn/home.tsx' })
    expect(shellPageOf('/earn')?.routeFile).toBe('earn/index.tsx')
    expect(shellPageOf('/earn/')?.routeFile).toBe('earn/index.tsx')
    expect(shellPageOf('/earn/home')?.pageKey).toBe('home')
    expect(shellPageOf('/ar-SA/earn/savings')?.pageKey).toBe('savings')
    expect(shellPageOf('/earn/dual-asset-mining/')?.pageKey).toBe('dual-asset-mining')
  })

  it("maps a product's detail path to its product id, keeping the locale", () => {
    expect(shellPageOf('/earn/product/fixed-usdt-7')).toEqual({
      productId: 'fixed-usdt-7',
      routeFile: 'earn/product/$productId.tsx',
    })
    expect(shellPageOf('/ar-SA/earn/product/fixed-usdt-7/')).toEqual({
      productId: 'fixed-usdt-7',
      routeFile: 'earn/product/$productId.tsx',
      locale: 'ar-SA',
    })
    expect(shellPageOf('/earn/product')).toBeUndefined()
    expect(shellPageOf('/earn/product/a/b')).toBeUndefined()
    expect(shellPageOf('/earn/product/%E0%A4%A')).toBeUndefined()
  })

  it('leaves unknown pages and other paths alone', () => {
    expect(shellPageOf('/earn/no-such-page')).toBeUndefined()
    expect(shellPageOf('/login')).toBeUndefined()
    expect(shellPageOf('/a/b/earn/home')).toBeUndefined()
  })
})

describe('route assets', () => {
  it('preloads the product table, its text loader and texts for wide screens only', () => {
    const manifest: ViteManifest = {
      ...MANIFEST,
      'src/app/i18n-namespaces.ts': {
        file: 'assets/i18n-namespaces-1.js',
        imports: ['index.html'],
      },
      [PRODUCT_TABLE_SOURCE]: {
        file: 'assets/product-table-1.js',
        imports: ['index.html', 'src/app/i18n-namespaces.ts'],
      },
      'locales/en/subscribe.json': { file: 'assets/subscribe-en.js' },
      'locales/ru-RU/subscribe.json': { file: 'assets/subscribe-ru.js' },
      'locales/en/pages.json': { file: 'assets/pages-en.js' },
    }
    expect(wideListAssetsOf(manifest, shellPageOf('/earn/home')!).sort()).toEqual([
      'assets/i18n-namespaces-1.js',
      'assets/product-table-1.js',
      'assets/subscribe-en.js',
    ])
    // The URL's language too; what the page preloads anyway (its text loader) is not repeated.
    const savings = shellPageOf('/ru-RU/earn/savings')!
    expect(routeAssetsOf(manifest, savings).js).toContain('assets/i18n-namespaces-1.js')
    expect(wideListAssetsOf(manifest, savings).sort()).toEqual([
      'assets/product-table-1.js',
      'assets/subscribe-en.js',
      'assets/subscribe-ru.js',
    ])
    // A build without the table (or a manifest-less one) preloads nothing for it.
    expect(wideListAssetsOf(MANIFEST, shellPageOf('/earn/home')!)).toEqual([])

    const html = renderShell(INDEX_HTML, {
      modulePreloads: [],
      wideListPreloads: ['assets/product-table-1.js'],
      stylesheets: [],
      telegramChunks: NO_TELEGRAM_CHUNKS,
    })
    expect(html).toContain(
      `<link rel="modulepreload" crossorigin media="${WIDE_LIST_MEDIA}" href="/assets/product-table-1.js">`,
    )
  })

  it('preloads the route chunks and their imports, not what the entry already loads', () => {
    const assets = routeAssetsOf(MANIFEST, { pageKey: 'home', routeFile: 'earn/home.tsx' })
    expect(assets.js.sort()).toEqual([
      'assets/home-1.js',
      'assets/product-page-1.js',
      'assets/route-1.js',
    ])
    expect(assets.css).toEqual(['assets/home-1.css'])
  })

  it("preloads a page's text bundles (English and the URL's language) with its chunks", () => {
    const manifest: ViteManifest = {
      ...MANIFEST,
      'src/app/i18n-namespaces.ts': {
        file: 'assets/i18n-namespaces-1.js',
        imports: ['index.html'],
      },
      'locales/en/pages.json': { file: 'assets/pages-en.js' },
      'locales/ru-RU/pages.json': { file: 'assets/pages-ru.js' },
      'locales/ru-RU/subscribe.json': { file: 'assets/subscribe-ru.js' },
    }
    const savings = routeAssetsOf(manifest, shellPageOf('/ru-RU/earn/savings')!)
    expect(savings.js.sort()).toEqual([
      'assets/i18n-namespaces-1.js',
      'assets/pages-en.js',
      'assets/pages-ru.js',
      'assets/product-page-1.js',
      'assets/route-1.js',
      'assets/savings-1.js',
    ])
    // English only without a locale in the URL; home loads no bundle before it draws.
    expect(routeAssetsOf(manifest, shellPageOf('/earn/savings')!).js).not.toContain(
      'assets/pages-ru.js',
    )
    expect(routeAssetsOf(manifest, shellPageOf('/earn/home')!).js).not.toContain(
      'assets/i18n-namespaces-1.js',
    )
  })

  it("lists the text bundles each page's route loader awaits, as the route files say", () => {
    for (const [pageKey, bundles] of Object.entries(LOADER_TEXT_BUNDLES)) {
      const route = pageKey === 'product' ? PRODUCT_ROUTE_FILE : `earn/${pageKey}.tsx`
      const file = readFileSync(`src/routes/{-$locale}/${route}`, 'utf8')
      // The route's loader, not the lazy parts drawn after it (home's signed-in summary).
      const source = file.slice(file.indexOf('loader:'), file.indexOf('component:'))
      const loaded = [...source.matchAll(/loadNamespace\('([\w-]+)'\)/g)].map((m) => m[1])
      if (source.includes('withPageTexts(')) loaded.push('pages')
      expect([...new Set(loaded)].sort(), pageKey).toEqual([...bundles].sort())
    }
  })

  it("preloads a product page's route chunk and its subscribe texts", () => {
    const manifest: ViteManifest = {
      ...MANIFEST,
      'src/app/i18n-namespaces.ts': { file: 'assets/i18n-namespaces-1.js' },
      'locales/en/subscribe.json': { file: 'assets/subscribe-en.js' },
      'locales/ar-SA/subscribe.json': { file: 'assets/subscribe-ar.js' },
      'locales/ar-SA/pages.json': { file: 'assets/pages-ar.js' },
    }
    expect(routeAssetsOf(manifest, shellPageOf('/ar-SA/earn/product/x')!).js.sort()).toEqual([
      'assets/i18n-namespaces-1.js',
      'assets/product-1.js',
      'assets/route-1.js',
      'assets/subscribe-ar.js',
      'assets/subscribe-en.js',
    ])
  })

  it('preloads nothing without a manifest', () => {
    expect(routeAssetsOf({}, { pageKey: 'home', routeFile: 'earn/home.tsx' })).toEqual({
      js: [],
      css: [],
    })
  })
})

describe('shell html', () => {
  it('cannot be broken out of by data containing a closing script tag', () => {
    const hostile = {
      at: 1,
      calls: [
        {
          call: 'get-homepage-product-cards',
          body: {},
          result: { cards: [], x: '</script><script>alert(1)</script>' },
        },
      ],
    } as InitialData
    const html = renderShell(INDEX_HTML, {
      modulePreloads: [],
      stylesheets: [],
      telegramChunks: NO_TELEGRAM_CHUNKS,
      initialData: hostile,
    })
    // The entry, the Telegram chunk list and launch script, and the data: no other end tag.
    expect(html.match(/<\/script>/g)).toHaveLength(4)
    expect(JSON.parse(serializeForScript(hostile))).toEqual(hostile)
  })
})

describe('the served shell', () => {
  let database: DatabaseHandle
  let app: Hono
  let staticDir: string
  const clock = new ManualClock({ now: () => new Date(Date.UTC(2026, 0, 5, 12)) })

  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'earn-shell-'))
    mkdirSync(join(staticDir, '.vite'))
    writeFileSync(join(staticDir, 'index.html'), INDEX_HTML)
    writeFileSync(join(staticDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST))
    mkdirSync(join(staticDir, 'assets'))
    writeFileSync(join(staticDir, 'assets', 'index-1.js'), 'console.log(1)')
    writeFileSync(join(staticDir, 'assets', 'index-1.css'), ENTRY_CSS)
    writeFileSync(join(staticDir, 'assets', 'index-1.js.br'), brotliCompressSync('console.log(1)'))
    // In place of the client's server build (e2e/first-view.spec.ts drives the real one): it
    // shows what the server hands it.
    mkdirSync(join(staticDir, '.ssr'))
    writeFileSync(
      firstViewModulePath(staticDir),
      'export const renderFirstView = async (r) => ({ html: `<p>${r.url}|${r.userAgent}|${r.initialData.calls.length}</p>`, lang: "en", dir: "ltr" })',
    )
    database = await openTestDatabase()
    await seedDatabase(database.db, clock.now(), { demo: true })
    app = createApp({
      db: database.db,
      dbKind: database.kind,
      config: testConfig(),
      clock,
      staticDir,
    })
  })
  afterAll(async () => {
    await database.close()
    rmSync(staticDir, { recursive: true, force: true })
  })

  const initialDataOf = (html: string): InitialData | undefined => {
    const match = new RegExp(
      `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">(.*?)</script>`,
    ).exec(html)
    return match ? (JSON.parse(match[1]!) as InitialData) : undefined
  }
  const apiResult = async (call: string, body: object, headers: Record<string, string> = {}) => {
    const res = await app.request(`/x-api/s1/byfi/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
    return ((await res.json()) as { result: unknown }).result
  }
  const apiCards = (body: object, headers: Record<string, string> = {}) =>
    apiResult('get-homepage-product-cards', body, headers)
  /** A demo user's session, as the browser on localhost:8080 would send it. */
  const sessionOf = async (email: string) => {
    const login = await app.request('http://localhost:8080/x-api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    })
    const cookie = /(b_t_c_k_local=[^;]*)/.exec(login.headers.get('set-cookie') ?? '')![1]!
    return { cookie, host: 'localhost:8080' }
  }

  it('inlines the same cards the API returns for home, dated by the server clock', async () => {
    const res = await app.request('/earn/home')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-cache')
    const html = await res.text()
    const data = initialDataOf(html)!
    expect(data.at).toBe(clock.now().getTime())
    expect(data.calls).toEqual([
      { call: 'get-homepage-product-cards', body: {}, result: await apiCards({}) },
    ])
    // The coin list the API gives, for the served view's coin icons (issue 25).
    const coins = (await (await app.request(`${API_PREFIX}${COINS_PATH}`)).json()) as {
      result: unknown
    }
    const served = new RegExp(
      `<script type="application/json" id="${SERVED_COINS_ELEMENT_ID}">([^<]*)</script>`,
    ).exec(html)
    expect(JSON.parse(served![1]!)).toEqual(coins.result)
    expect(coins.result).not.toEqual([])
    expect(data).not.toHaveProperty('coins')
    expect(html).toMatch(/<script data-entry="[^"]*" data-preloads="[^"]*\bassets\/home-1\.js\b/)
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/home-1.css">')
    // The entry's stylesheet is in the document: the first paint waits on no other request.
    expect(html).toContain(`<style>${ENTRY_CSS}</style>`)
    // Only a disabled link of it stays, for the chunk loader: neither fetched nor applied.
    expect(html).not.toMatch(
      /<link rel="stylesheet"[^>]*href="\/assets\/index-1\.css"(?! disabled)/,
    )
    expect(html).toContain('<link rel="stylesheet" href="/assets/index-1.css" disabled>')
  })

  it("inlines a product page's cards under that page's filter", async () => {
    const html = await (await app.request('/ar-SA/earn/savings')).text()
    const body = { page_key: 'savings' }
    expect(initialDataOf(html)?.calls[0]).toEqual({
      call: 'get-homepage-product-cards',
      body,
      result: await apiCards(body),
    })
  })

  it("inlines what the API answers this visitor's session", async () => {
    const headers = await sessionOf('blocked@earn.test')
    const html = await (await app.request('http://localhost:8080/earn/home', { headers })).text()
    const forVisitor = await apiCards({}, headers)
    expect(initialDataOf(html)?.calls[0]?.result).toEqual(forVisitor)
    expect(forVisitor).not.toEqual(await apiCards({}))
  })

  const apiDetail = (body: object, headers: Record<string, string> = {}) =>
    apiResult('get-product-detail', body, headers)

  it("inlines a product page's detail as the API answers this visitor, with its chunk", async () => {
    const headers = await sessionOf('kyc2@earn.test')
    const body = productDetailRequest('fixed-usdt-7')
    const res = await app.request('http://localhost:8080/ar-SA/earn/product/fixed-usdt-7', {
      headers,
    })
    expect(res.headers.get('cache-control')).toBe('private, no-cache')
    const html = await res.text()
    const forVisitor = await apiDetail(body, headers)
    expect(initialDataOf(html)?.calls).toEqual([
      { call: 'get-product-detail', body, result: forVisitor },
    ])
    // Signed in, the detail is this visitor's (availability), not the anonymous one.
    expect(forVisitor).not.toEqual(await apiDetail(body))
    // Drawn by the server: the entry downloads from the start, at low priority, and runs after
    // the first paint, when the route's chunks are preloaded too (issue 25).
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/index-1.js">',
    )
    expect(html).not.toContain('href="/assets/product-1.js"')
    expect(html).toMatch(
      /<script data-entry="\/assets\/index-1\.js" data-preloads="[^"]*\bassets\/product-1\.js\b/,
    )
    expect(html).toContain('<div id="root"><p>/ar-SA/earn/product/fixed-usdt-7|')
  })

  it("inlines no product detail in the exchange app's webview (its user is the bridge's)", async () => {
    const headers = { 'user-agent': 'Mozilla/5.0 ExchangeApp/3.6.1' }
    const html = await (await app.request('/earn/product/fixed-usdt-7', { headers })).text()
    expect(initialDataOf(html)).toBeUndefined()
    expect(
      initialDataOf(await (await app.request('/earn/product/fixed-usdt-7')).text()),
    ).toBeDefined()
  })

  it('inlines nothing and renders no view for an unknown product', async () => {
    const html = await (await app.request('/earn/product/no-such-product')).text()
    expect(initialDataOf(html)).toBeUndefined()
    expect(html).toContain('<div id="root"></div>')
  })

  it('serves the plain shell for paths that are not earn pages', async () => {
    const res = await app.request('/earn/no-such-page')
    expect(res.status).toBe(200)
    // Only the Telegram launch script (a page opened inside Telegram paints in its theme too).
    expect(await res.text()).toBe(
      renderShell(SERVED_INDEX_HTML, {
        modulePreloads: [],
        stylesheets: [],
        telegramChunks: NO_TELEGRAM_CHUNKS,
      }),
    )
  })

  it('renders / as the home shell, since the client redirects it to home', async () => {
    const html = await (await app.request('/')).text()
    expect(initialDataOf(html)?.calls[0]?.body).toEqual({})
  })

  it('compresses the shell and sends assets precompressed and immutable', async () => {
    const shell = await app.request('/earn/home', { headers: { 'accept-encoding': 'gzip' } })
    expect(shell.headers.get('content-encoding')).toBe('gzip')
    const asset = await app.request('/assets/index-1.js', { headers: { 'accept-encoding': 'br' } })
    expect(asset.headers.get('content-encoding')).toBe('br')
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(Buffer.from(await asset.arrayBuffer())).toEqual(brotliCompressSync('console.log(1)'))
  })

  it('does not serve the build manifest or the first-view renderer', async () => {
    expect((await app.request('/.vite/manifest.json')).status).toBe(404)
    expect((await app.request('/.ssr/render-first-view.js')).status).toBe(404)
  })

  it("renders the first view from the page's URL, the visitor's agent and the inlined data", async () => {
    const res = await app.request('/earn/savings?coin=BTC', { headers: { 'user-agent': 'UA-1' } })
    expect(await res.text()).toContain('<div id="root"><p>/earn/savings?coin=BTC|UA-1|1</p></div>')
  })

  it("answers a script's fetch of a page (the clock's Date header) with the plain shell", async () => {
    const asFetch = await app.request('/earn/savings', { headers: { 'sec-fetch-dest': 'empty' } })
    expect(asFetch.status).toBe(200)
    expect(asFetch.headers.get('date')).toBeTruthy()
    const shell = await asFetch.text()
    expect(initialDataOf(shell)).toBeUndefined()
    expect(shell).toContain('<div id="root"></div>')
    // A navigation, a frame (Telegram Web) or a browser without Fetch Metadata gets the page.
    for (const dest of ['document', 'iframe', undefined]) {
      const res = await app.request('/earn/savings', {
        headers: dest ? { 'sec-fetch-dest': dest } : {},
      })
      const html = await res.text()
      expect(initialDataOf(html), dest).toBeDefined()
      expect(html, dest).toContain('<div id="root"><p>/earn/savings|')
    }
  })
})
