import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
// The edge build, not Node's: Node's keeps every render in an AsyncLocalStorage, and once one has
// run, Node 20 and 22 track every promise of the process for it (async hooks), API calls
// included: 9-15 % of a cached cards answer's CPU (docs/performance.md, Run X). The edge build
// uses it only where a global AsyncLocalStorage exists, which Node has not.
import { prerender } from 'react-dom/static.edge'
import { I18nextProvider } from 'react-i18next'
import type { FirstView, FirstViewRequest, FirstViewStats } from '../../../contract/first-view'
import { seedInitialData } from '../../features/earn-products/api/initial-product-cards'
import { preloadProductTable } from '../../features/earn-products/components/product-list'
import { i18n } from '../../lib/i18n/i18n'
import { detectPlatform } from '../../lib/platform/platform'
import { platformStore } from '../../lib/platform/platform-store'
import { createQueryClient } from '../../lib/query/query-client'
import { setServedCoins } from '../../ui/served-coins'
import { createAppRouter } from '../router'

// Desktop first views show the product table: its code is loaded now, not in the first render.
let queue: Promise<unknown> = preloadProductTable(true).catch(() => undefined)

/** How long a render is reused for the same page, platform and data (a burst of visitors). */
export const FIRST_VIEW_REUSE_MS = 2000
const REUSE_MAX = 200
const recent = new Map<string, { at: number; view: FirstView | undefined }>()
let renders = 0

/** Renders done and views kept: TEST_MODE servers report them (FIRST_VIEW_STATS_HEADER). */
export const firstViewStats = (): FirstViewStats => ({ renders, kept: recent.size })

// Only for matching URLs to routes: it never loads a route or draws anything. Made when the
// module loads, which the server does before any page's render deadline runs.
const matcher = createAppRouter(createQueryClient(), createMemoryHistory())

/**
 * The URL as the page reads it: the path, and of the query only the parameters its routes
 * validate (each route's validateSearch), as validated, in name order. Anything else is
 * dropped, so `?x=1`, `?x=2`, … are one page (one render, one place in the reuse cache).
 */
export function pageUrlOf(url: string): string {
  const location = matcher.parseLocation(createMemoryHistory({ initialEntries: [url] }).location)
  const validated: Record<string, unknown> =
    matcher.matchRoutes(location).at(-1)?._strictSearch ?? {}
  const known = Object.keys(validated)
    .filter((name) => validated[name] !== undefined)
    .sort()
    .map((name) => [name, validated[name]])
  const path = url.split(/[?#]/, 1)[0]!
  return path + matcher.options.stringifySearch(Object.fromEntries(known))
}
// The first match compiles the route tree's matcher: done here, not in a visitor's time.
pageUrlOf('/earn/home')

/**
 * The server's render of a landing page's first view (built by `vite build --ssr` into
 * dist/.ssr, loaded by server/modules/client-shell/first-view.ts). It renders the same
 * components the client hydrates, from the data inlined beside them, without any request of
 * its own: no data means no first view. Renders run one at a time, because the language and
 * the platform are module state (as in the browser, where there is one page). The view
 * depends on nothing but the URL, the platform and the data, so a render of the same three
 * is reused for FIRST_VIEW_REUSE_MS: a landing page's visitors mostly see the same cards.
 */
export function renderFirstView(request: FirstViewRequest): Promise<FirstView | undefined> {
  const platform = detectPlatform({ userAgent: request.userAgent })
  const { calls, coins } = request.initialData
  const url = pageUrlOf(request.url)
  const key = `${platform} ${url} ${JSON.stringify(calls)} ${JSON.stringify(coins)}`
  const next = queue.then(() =>
    reusedOr(key, request.deadline, () => render({ ...request, url }, platform)),
  )
  queue = next.catch(() => undefined)
  return next
}

async function reusedOr(
  key: string,
  deadline: number | undefined,
  work: () => Promise<FirstView | undefined>,
) {
  const now = Date.now()
  const hit = recent.get(key)
  if (hit && now - hit.at < FIRST_VIEW_REUSE_MS) return hit.view
  // Under load renders queue up: one whose page has gone out without it is not worth doing.
  if (deadline !== undefined && now >= deadline) return undefined
  const view = await work()
  recent.delete(key)
  // Reused for FIRST_VIEW_REUSE_MS from when it is there, however long it took to draw.
  recent.set(key, { at: Date.now(), view })
  // Oldest first: a Map keeps insertion order.
  for (const k of recent.keys()) {
    if (recent.size <= REUSE_MAX) break
    recent.delete(k)
  }
  return view
}

async function render(
  { url, initialData }: FirstViewRequest,
  platform: ReturnType<typeof detectPlatform>,
) {
  const queryClient = createQueryClient()
  if (seedInitialData(queryClient, initialData, initialData.at) === 0) return undefined
  renders++
  platformStore.platform = platform
  platformStore.serverDrawn = platform
  setServedCoins(initialData.coins)
  try {
    const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }))
    await router.load()
    // A redirect, a missing page or a failed loader is the client's to show.
    const { matches, location } = router.state
    if (location.href !== url || matches.some((m) => m.status !== 'success')) return undefined
    // Prerendering waits for the lazy parts of the page too, so the whole view is there.
    const errors: unknown[] = []
    const { prelude } = await prerender(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>,
      {
        onError: (err) => void errors.push(err),
        // Inline every boundary where it stands: React moves a large one (the desktop product
        // table) out of place behind a script, and the CSP runs no script of the render's.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
      },
    )
    const html = await new Response(prelude).text()
    // A part that failed would be left to the client to draw: all of the view, or none of it.
    // Expected for parts that need the browser (the page's origin, the session): one line.
    if (errors.length) {
      console.warn(`[first-view] ${url} left to the client: ${errors.map(String).join('; ')}`)
      return undefined
    }
    // A redirecting route (/ → /earn/home) renders nothing: the client follows it.
    if (!html) return undefined
    return { html, lang: i18n.language, dir: i18n.dir() }
  } finally {
    queryClient.clear()
    setServedCoins(undefined)
  }
}
