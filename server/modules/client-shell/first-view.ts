import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { appVersionFromUserAgent } from '../../../contract/app-user-agent'
import type {
  FirstView,
  FirstViewRenderer,
  FirstViewRequest,
  FirstViewStats,
} from '../../../contract/first-view'
import { settledWithin } from './settled-within'

/**
 * A first view later than this is not worth waiting for: the shell goes without it. The
 * default; `FIRST_VIEW_TIMEOUT_MS` in the environment sets another (config.ts).
 */
export const FIRST_VIEW_TIMEOUT_MS = 300

/** The renderer's source, built by `vite build --ssr` (package.json's build script). */
export const FIRST_VIEW_ENTRY = 'src/app/ssr/render-first-view.tsx'

/** Where `npm run build` puts the server build of the client's first-view renderer. */
export const firstViewModulePath = (staticDir: string) =>
  join(staticDir, '.ssr', 'render-first-view.js')

/**
 * Renders a landing page's first view with the build's own renderer (dist/.ssr), so the page
 * paints before its JavaScript has loaded. Anything short of a finished render within
 * the timeout (FIRST_VIEW_TIMEOUT_MS by default) gives undefined, and the shell is served as before (the client renders
 * it).
 */
export function firstViewRenderer(
  staticDir: string,
  timeoutMs: number = FIRST_VIEW_TIMEOUT_MS,
): {
  render: (request: FirstViewRequest) => Promise<FirstView | undefined>
  /** What the renderer reports (TEST_MODE's header); undefined without a build of it. */
  stats: () => Promise<FirstViewStats | undefined>
} {
  const path = firstViewModulePath(staticDir)
  let loaded: Promise<RendererModule | undefined> | undefined
  // Loaded once, when first there: a new build is served by a restarted server.
  const rendererNow = () => {
    if (!loaded && existsSync(path))
      loaded = import(pathToFileURL(path).href)
        .then((m: RendererModule) => m)
        .catch((err: unknown) => {
          console.error('[client-shell] first-view renderer failed to load', err)
          return undefined
        })
    return loaded
  }
  // Imported now, not by the first visitor: the build is 800 kB, and its import held the first
  // page after every start about 250 ms longer (warmFirstView then runs its code once).
  void rendererNow()
  const stats = async () => (await loaded)?.firstViewStats?.()
  const render = async (request: FirstViewRequest) => {
    // The exchange app's webview takes its user from its bridge, which the server cannot see.
    if (appVersionFromUserAgent(request.userAgent)) return undefined
    const render = (await rendererNow())?.renderFirstView
    if (!render) return undefined
    const deadline = Date.now() + timeoutMs
    return settledWithin(() => render({ ...request, deadline }), timeoutMs, 'first view')
  }
  return { render, stats }
}

type RendererModule = {
  renderFirstView: FirstViewRenderer
  firstViewStats?: () => FirstViewStats
}
