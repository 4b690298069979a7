import { PAGE_KEYS, type PageKey } from '../../../contract/enums'

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
export type ManifestChunk = {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
export type ViteManifest = Record<string, ManifestChunk>

/**
 * The page an earn URL shows: /earn, /earn/<key> (a landing page's cards) or
 * /earn/product/<id> (a product's detail), each with an optional locale segment.
 */
export type ShellPage = { routeFile: string; locale?: string } & (
  { pageKey: PageKey; productId?: undefined } | { pageKey?: undefined; productId: string }
)

const EARN_PATH = /^\/(?:([^/]+)\/)?earn(?:\/([^/]*))?\/?$/
const PRODUCT_PATH = /^\/(?:([^/]+)\/)?earn\/product\/([^/]+)\/?$/

/** The product detail route, under src/routes/{-$locale}/. */
export const PRODUCT_ROUTE_FILE = 'earn/product/$productId.tsx'

/** Which earn page a path renders, or undefined (/ redirects to home, so it counts as home). */
export function shellPageOf(path: string): ShellPage | undefined {
  if (path === '/' || path === '') return { pageKey: 'home', routeFile: 'earn/home.tsx' }
  const product = PRODUCT_PATH.exec(path)
  if (product) {
    const productId = safeDecode(product[2]!)
    if (productId === undefined) return undefined
    return {
      productId,
      routeFile: PRODUCT_ROUTE_FILE,
      ...(product[1] ? { locale: product[1] } : {}),
    }
  }
  const match = EARN_PATH.exec(path)
  if (!match) return undefined
  const locale = match[1] ? { locale: match[1] } : {}
  const segment = match[2] ?? ''
  if (segment === '') return { pageKey: 'home', routeFile: 'earn/index.tsx', ...locale }
  const key = PAGE_KEYS.find((k) => k === segment)
  return key ? { pageKey: key, routeFile: `earn/${key}.tsx`, ...locale } : undefined
}

/**
 * A product page whose id no product can have: undecodable, with a NUL (which the database
 * cannot even compare) or longer than an id. The server answers 404 instead of a shell.
 */
export function isImpossibleProductPath(path: string): boolean {
  const product = PRODUCT_PATH.exec(path)
  if (!product) return false
  const id = safeDecode(product[2]!)
  return id === undefined || id.length > PRODUCT_ID_MAX_LENGTH || id.includes('\u0000')
}

/** contract/earn.schema.ts's productId: 1 to 64 characters. */
const PRODUCT_ID_MAX_LENGTH = 64

const safeDecode = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return undefined
  }
}

/**
 * The text bundles (locales/<language>/<name>.json, merged by src/app/i18n-namespaces.ts) each
 * page's route loader awaits before the page draws or hydrates (`product`: a product's detail
 * page); a test reads the route files to keep this list true. Home needs none beyond the first
 * load.
 */
export const LOADER_TEXT_BUNDLES: Record<PageKey | 'product', readonly string[]> = {
  home: [],
  savings: ['pages'],
  'flexible-staking': ['pages'],
  'structured-product': ['pages'],
  'easy-earn': ['pages'],
  'dual-asset-mining': ['subscribe', 'pages'],
  launchpool: ['subscribe', 'pages'],
  'liquidity-mining': ['subscribe', 'my-earn', 'pages'],
  product: ['subscribe'],
}
const TEXT_LOADER = 'src/app/i18n-namespaces.ts'
const DEFAULT_TEXT_LANGUAGE = 'en'

/**
 * The page's text bundles for English (always loaded, the fallback) and the URL's language, with
 * the module that loads them: preloaded with the route chunks, so hydration does not wait on a
 * chain of two more requests (the loader's import, then the bundle's) on a slow link.
 */
function textBundleSourcesOf(manifest: ViteManifest, page: ShellPage): string[] {
  const names = LOADER_TEXT_BUNDLES[page.pageKey ?? 'product']
  if (!names.length || !manifest[TEXT_LOADER]) return []
  return [TEXT_LOADER, ...textBundleKeys(names, page).filter((key) => manifest[key])]
}

/** Manifest keys of the named text bundles in English (the fallback) and the URL's language. */
const textBundleKeys = (names: readonly string[], page: ShellPage) => {
  const languages = new Set([DEFAULT_TEXT_LANGUAGE, page.locale ?? DEFAULT_TEXT_LANGUAGE])
  return [...languages].flatMap((lng) => names.map((n) => `locales/${lng}/${n}.json`))
}

/**
 * Manifest keys of the code-split parts (component and loader) of the routes a page renders
 * before first paint: `<route file>?tsr-split=<parts>`, whichever grouping vite.config.ts uses.
 */
export function routeSourcesOf(manifest: ViteManifest, page: ShellPage): string[] {
  const prefixes = ['route.tsx', page.routeFile].map((f) => `src/routes/{-$locale}/${f}?tsr-split=`)
  return Object.keys(manifest).filter((k) => prefixes.some((p) => k.startsWith(p)))
}

/** The entry chunk (index.html) and everything it imports statically. */
export function entryClosure(manifest: ViteManifest): Set<string> {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)
  return entry ? staticClosure(manifest, [entry]) : new Set()
}

/** Manifest keys reachable from `roots` through static imports (roots included). */
export function staticClosure(manifest: ViteManifest, roots: readonly string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    for (const dep of manifest[key].imports ?? []) visit(dep)
  }
  roots.forEach(visit)
  return seen
}

/** The page's route chunks and text bundles with everything they import (the entry's too). */
const pageClosure = (manifest: ViteManifest, page: ShellPage) =>
  staticClosure(manifest, [
    ...routeSourcesOf(manifest, page),
    ...textBundleSourcesOf(manifest, page),
  ])

/** JS and CSS files a page needs beyond the entry: what the server modulepreloads for it. */
export function routeAssetsOf(
  manifest: ViteManifest,
  page: ShellPage,
): { js: string[]; css: string[] } {
  const entry = entryClosure(manifest)
  const keys = [...pageClosure(manifest, page)].filter((k) => !entry.has(k))
  const js = keys.map((k) => manifest[k]!.file)
  const css = [...new Set(keys.flatMap((k) => manifest[k]!.css ?? []))]
  return { js, css }
}

/** The desktop product table, which every earn page's layout route loads from lg up. */
export const PRODUCT_TABLE_SOURCE = 'src/features/earn-products/components/product-table.tsx'
/** The text bundle the table loads with its code (src/features/.../product-table.tsx). */
const PRODUCT_TABLE_TEXT_BUNDLES = ['subscribe']

/**
 * JS files that only a wide screen needs before the page is live: the product table, its text
 * loader and its texts (English and the URL's language), less what the entry and the page's
 * own preloads already bring. Served with the table's media query, so phones never fetch them;
 * without them a desktop asked for the table only once the entry ran, then for its texts: two
 * more round trips before live on a slow link.
 */
export function wideListAssetsOf(manifest: ViteManifest, page: ShellPage): string[] {
  if (!manifest[PRODUCT_TABLE_SOURCE]) return []
  const roots = [
    PRODUCT_TABLE_SOURCE,
    TEXT_LOADER,
    ...textBundleKeys(PRODUCT_TABLE_TEXT_BUNDLES, page),
  ]
  const taken = new Set([...entryClosure(manifest), ...pageClosure(manifest, page)])
  return [...staticClosure(manifest, roots)]
    .filter((k) => !taken.has(k))
    .map((k) => manifest[k]!.file)
}

/**
 * What inside Telegram the page needs before it is live: the launch setup (language, a
 * start_param's page), awaited by the bootstrap before hydration, and the start of the
 * automatic login (the launch's initData), which user-dependent queries wait for.
 */
export const TELEGRAM_START_SOURCES = [
  'src/app/telegram/telegram-start.ts',
  'src/app/start-session.ts',
]
/**
 * What starts once the page is live: the SDK start, the Telegram shell, the Telegram login and
 * the SDK parts the pages use.
 */
export const TELEGRAM_LATER_SOURCES = [
  'src/app/telegram/init-telegram.ts',
  'src/app/telegram/telegram-shell.tsx',
  'src/features/auth/api/telegram-login.ts',
  'src/lib/telegram/telegram-sdk-parts.ts',
]

/** The Telegram chunks the shell's launch script preloads: `start` at once, `later` after. */
export type TelegramChunks = { start: string[]; later: string[] }

/**
 * The JS files of the Telegram start beyond the entry, loaded by dynamic import inside Telegram
 * only. The launch script preloads `start` beside the entry and `later` once the entry has run
 * (DOMContentLoaded): on a slow link the SDK's 30 kB would otherwise share the bandwidth with
 * the entry and hold back the live page, though the SDK starts only after it (issue 15's
 * budget: live inside Telegram within 1.10x the phone browser's).
 */
export function telegramChunksOf(manifest: ViteManifest): TelegramChunks {
  const entry = entryClosure(manifest)
  const start = [...staticClosure(manifest, TELEGRAM_START_SOURCES)].filter((k) => !entry.has(k))
  const later = [...staticClosure(manifest, TELEGRAM_LATER_SOURCES)].filter(
    (k) => !entry.has(k) && !start.includes(k),
  )
  return {
    start: start.map((k) => manifest[k]!.file),
    later: later.map((k) => manifest[k]!.file),
  }
}
