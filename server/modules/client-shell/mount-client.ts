import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, Hono } from 'hono'
import { compress } from 'hono/compress'
import { appVersionFromUserAgent } from '../../../contract/app-user-agent'
import type { InitialData } from '../../../contract/initial-data'
import type { CoinTuple } from '../../../contract/market.schema'
import { COINS_PATH, EARN_PATH } from '../../../contract/paths'
import { FIRST_VIEW_STATS_HEADER } from '../../../contract/first-view'
import type { Clock } from '../../clock'
import { loadInitialData, type CoinsCaller, type EarnCaller } from './initial-data'
import {
  isImpossibleProductPath,
  routeAssetsOf,
  shellPageOf,
  telegramChunksOf,
  wideListAssetsOf,
  type ShellPage,
  type TelegramChunks,
  type ViteManifest,
} from './route-chunks'
import { firstViewRenderer } from './first-view'
import { inlineEntryStylesheet } from './inline-stylesheet'
import { settledWithin } from './settled-within'
import { renderShell } from './shell-html'

/** The shell never waits longer than this for its inlined data; the client fetches instead. */
export const INITIAL_DATA_TIMEOUT_MS = 1000

type ClientDeps = {
  staticDir: string
  clock: Clock
  apiPrefix: string
  config: { TEST_MODE: boolean; FIRST_VIEW_TIMEOUT_MS: number }
}
type BuiltClient = {
  indexHtml: string
  manifest: ViteManifest
  telegramChunks: TelegramChunks
  mtimeMs: number
}

/**
 * Serves dist/ with long-lived caching for hashed assets and an SPA fallback to index.html,
 * which for earn pages carries the page's route-chunk preloads and its first data.
 */
export function mountClient(app: Hono, deps: ClientDeps): void {
  const { staticDir, apiPrefix } = deps
  const readClient = builtClientReader(staticDir)
  const firstViews = firstViewRenderer(staticDir, deps.config.FIRST_VIEW_TIMEOUT_MS)
  app.use('/assets/*', async (c, next) => {
    await next()
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable')
  })
  app.use('/*', async (c, next) => {
    if (c.req.path.startsWith(apiPrefix)) return next()
    // The build manifest and the first-view renderer are for the server only.
    if (c.req.path.startsWith('/.vite/') || c.req.path.startsWith('/.ssr/')) return c.notFound()
    // "/" is the shell (with its first data), not the bare index.html on disk.
    if (c.req.path === '/') return next()
    // No file has such a name (and a NUL would reach the file system): not found, quietly.
    if (c.req.path.includes('\u0000') || isImpossibleProductPath(c.req.path)) return c.notFound()
    return serveStatic({ root: staticDir, precompressed: true })(c, next)
  })
  app.get('*', compress(), async (c, next) => {
    const client = c.req.path.startsWith(apiPrefix) ? undefined : readClient()
    if (!client) return next()
    c.header('Cache-Control', 'no-cache')
    // A script's fetch of the page (the client's clock reads its Date header, spec §9) is no
    // visit: it gets the plain shell, without the data and the view nobody will show.
    const page = isScriptFetch(c.req.header('sec-fetch-dest')) ? undefined : shellPageOf(c.req.path)
    const { telegramChunks } = client
    if (!page)
      return c.html(
        renderShell(client.indexHtml, { modulePreloads: [], stylesheets: [], telegramChunks }),
      )
    // The inlined data is this visitor's (availability depends on the session).
    c.header('Cache-Control', 'private, no-cache')
    const assets = routeAssetsOf(client.manifest, page)
    // A product's detail says what this user may do; in the exchange app's webview the user
    // comes from its bridge, which the server cannot see, so the client asks for it.
    const inApp = appVersionFromUserAgent(c.req.header('user-agent') ?? '') !== null
    const initialData =
      page.productId !== undefined && inApp
        ? undefined
        : await initialDataOrNothing(
            callerFor(app, c, apiPrefix),
            coinsCallerFor(app, c, apiPrefix),
            deps,
            page,
          )
    // The page painted from that data before its JavaScript runs (then hydrated).
    const url = new URL(c.req.url)
    const firstView =
      initialData &&
      (await firstViews.render({
        url: url.pathname + url.search,
        userAgent: c.req.header('user-agent') ?? '',
        initialData,
      }))
    if (deps.config.TEST_MODE) {
      const stats = await firstViews.stats()
      if (stats) c.header(FIRST_VIEW_STATS_HEADER, JSON.stringify(stats))
    }
    return c.html(
      renderShell(client.indexHtml, {
        modulePreloads: assets.js,
        wideListPreloads: wideListAssetsOf(client.manifest, page),
        stylesheets: assets.css,
        telegramChunks,
        initialData,
        firstView,
      }),
    )
  })
}

/** The page warmFirstView draws: the one most visitors land on. */
export const WARM_UP_PATH = '/earn/home'
/** Its user agent: a phone's browser, anonymous (the view most first visits get). */
const WARM_UP_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 earn-warm-up'

/**
 * One page drawn in process as the server starts, before any visitor asks: the renderer's
 * build is imported and React's, the router's and the page's code run once. Cold, the first
 * render after a start took longer than the first view's deadline, and the first visitor got
 * the plain shell (a blank page until the JavaScript came, and nothing without it). The page
 * is anonymous and thrown away; a failure is logged and changes nothing.
 */
export async function warmFirstView(app: Hono): Promise<void> {
  try {
    const res = await app.request(`http://localhost${WARM_UP_PATH}`, {
      headers: { 'user-agent': WARM_UP_USER_AGENT },
    })
    await res.arrayBuffer()
  } catch (err) {
    console.error('[client-shell] warm-up render failed', err)
  }
}

/**
 * Whether the request comes from a script's fetch() rather than a navigation or a frame:
 * Sec-Fetch-Dest `empty` (browsers without Fetch Metadata send none, and get the page).
 */
const isScriptFetch = (secFetchDest: string | undefined) => secFetchDest === 'empty'

/** Request headers that decide what the API answers this visitor (the host travels in the URL). */
const FORWARDED_HEADERS = ['cookie', 'usertoken', 'user-agent', 'accept-language']

/**
 * Earn calls through the app's own API, in process, with the visitor's credentials: the shell
 * inlines exactly what the client's first request would have received.
 */
function callerFor(app: Hono, c: Context, apiPrefix: string): EarnCaller {
  return async (call, body) => {
    const headers = new Headers({ 'content-type': 'application/json' })
    for (const name of FORWARDED_HEADERS) {
      const value = c.req.header(name)
      if (value) headers.set(name, value)
    }
    const url = new URL(`${apiPrefix}${EARN_PATH}/${call}`, c.req.url)
    const res = await app.request(url, { method: 'POST', headers, body: JSON.stringify(body) })
    const envelope = (await res.json()) as { ret_code?: number; result?: unknown }
    return res.ok && envelope.ret_code === 0 ? envelope.result : undefined
  }
}

/** The coin list through the app's own API, in process (public: no credentials needed). */
function coinsCallerFor(app: Hono, c: Context, apiPrefix: string): CoinsCaller {
  return async () => {
    const res = await app.request(new URL(`${apiPrefix}${COINS_PATH}`, c.req.url))
    const envelope = (await res.json()) as { ret_code?: number; result?: unknown }
    return res.ok && envelope.ret_code === 0 && Array.isArray(envelope.result)
      ? (envelope.result as CoinTuple[])
      : undefined
  }
}

/** The page's first data, or nothing when the API fails or is slow (the client then asks). */
const initialDataOrNothing = (
  callEarn: EarnCaller,
  callCoins: CoinsCaller,
  { clock }: ClientDeps,
  page: ShellPage,
): Promise<InitialData | undefined> =>
  settledWithin(
    () => loadInitialData(callEarn, page, () => clock.now(), callCoins),
    INITIAL_DATA_TIMEOUT_MS,
    'initial data',
  )

/** Reads index.html and the manifest once per build (a rebuild changes index.html's mtime). */
function builtClientReader(staticDir: string): () => BuiltClient | undefined {
  const indexPath = join(staticDir, 'index.html')
  const manifestPath = join(staticDir, '.vite', 'manifest.json')
  let cached: BuiltClient | undefined
  return () => {
    if (!existsSync(indexPath)) return undefined
    const mtimeMs = statSync(indexPath).mtimeMs
    if (cached?.mtimeMs === mtimeMs) return cached
    const manifest = existsSync(manifestPath)
      ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as ViteManifest)
      : {}
    const indexHtml = inlineEntryStylesheet(readFileSync(indexPath, 'utf8'), staticDir)
    cached = { indexHtml, manifest, telegramChunks: telegramChunksOf(manifest), mtimeMs }
    return cached
  }
}
