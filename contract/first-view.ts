// What the server asks of the client's first-view renderer (src/app/ssr) and what it answers.
// Dependency-free, like initial-data.ts: both sides import it.
import type { InitialData } from './initial-data'

/**
 * The page's URL (path and search), the visitor's user agent and the data inlined for it, and
 * when (ms since epoch) the server stops waiting: a render still queued then is not started.
 */
export type FirstViewRequest = {
  url: string
  userAgent: string
  initialData: InitialData
  deadline?: number
}

/** The root element's markup and the language and direction of the <html> element. */
export type FirstView = { html: string; lang: string; dir: 'ltr' | 'rtl' }

/** The renderer module's export. */
export type FirstViewRenderer = (request: FirstViewRequest) => Promise<FirstView | undefined>

/** How many first views the renderer drew, and how many it keeps for reuse. */
export type FirstViewStats = { renders: number; kept: number }

/**
 * TEST_MODE only: a served page's header with the renderer's FirstViewStats as JSON, so a
 * test of a server process can count renders. Production servers never send it.
 */
export const FIRST_VIEW_STATS_HEADER = 'X-Test-First-View-Stats'

/**
 * Where product lists are a table rather than cards (the lg breakpoint, spec §9): the client's
 * layout follows it, and the server preloads the table's code for it only (a `media` preload,
 * which phones skip).
 */
export const WIDE_LIST_MEDIA = '(min-width: 992px)'

/**
 * The app is live: dispatched on `document` (and marked in the performance timeline under the
 * same name) once the client has hydrated or drawn the page and its handlers are attached. The
 * shell's ENTRY_AFTER_PAINT holds the served view's button taps until then and replays them.
 */
export const APP_LIVE_EVENT = 'earn:live'
