import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'
import { compress } from 'hono/compress'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { InitialData } from '../../../contract/initial-data'
import { loadInitialData } from './initial-data'
import { routeAssetsOf, shellPageOf, type ViteManifest } from './route-chunks'
import { renderShell } from './shell-html'

/** The shell never waits longer than this for its inlined data; the client fetches instead. */
export const INITIAL_DATA_TIMEOUT_MS = 1000

type ClientDeps = { staticDir: string; db: Database; clock: Clock; apiPrefix: string }
type BuiltClient = { indexHtml: string; manifest: ViteManifest; mtimeMs: number }

/**
 * Serves dist/ with long-lived caching for hashed assets and an SPA fallback to index.html,
 * which for earn pages carries the page's route-chunk preloads and its first data.
 */
export function mountClient(app: Hono, deps: ClientDeps): void {
  const { staticDir, apiPrefix } = deps
  const readClient = builtClientReader(staticDir)
  app.use('/assets/*', async (c, next) => {
    await next()
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable')
  })
  app.use('/*', async (c, next) => {
    if (c.req.path.startsWith(apiPrefix)) return next()
    // The build manifest is for the server only.
    if (c.req.path.startsWith('/.vite/')) return c.notFound()
    // "/" is the shell (with its first data), not the bare index.html on disk.
    if (c.req.path === '/') return next()
    return serveStatic({ root: staticDir, precompressed: true })(c, next)
  })
  app.get('*', compress(), async (c, next) => {
    const client = c.req.path.startsWith(apiPrefix) ? undefined : readClient()
    if (!client) return next()
    c.header('Cache-Control', 'no-cache')
    const page = shellPageOf(c.req.path)
    if (!page) return c.html(client.indexHtml)
    const assets = routeAssetsOf(client.manifest, page)
    const initialData = await initialDataOrNothing(deps, page.pageKey)
    return c.html(
      renderShell(client.indexHtml, {
        modulePreloads: assets.js,
        stylesheets: assets.css,
        initialData,
      }),
    )
  })
}

async function initialDataOrNothing(
  { db, clock }: ClientDeps,
  pageKey: Parameters<typeof loadInitialData>[1],
): Promise<InitialData | undefined> {
  let cancelTimeout = () => {}
  const timeout = new Promise<undefined>((resolve) => {
    const timer = setTimeout(resolve, INITIAL_DATA_TIMEOUT_MS)
    cancelTimeout = () => clearTimeout(timer)
  })
  try {
    return await Promise.race([loadInitialData(db, pageKey, clock.now()), timeout])
  } catch (err) {
    // The page still works without it: the client asks the API itself.
    console.error('[client-shell] initial data failed', err)
    return undefined
  } finally {
    cancelTimeout()
  }
}

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
    cached = { indexHtml: readFileSync(indexPath, 'utf8'), manifest, mtimeMs }
    return cached
  }
}
