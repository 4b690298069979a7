import { WIDE_LIST_MEDIA, type FirstView } from '../../../contract/first-view'
import {
  INITIAL_DATA_ELEMENT_ID,
  SERVED_COINS_ELEMENT_ID,
  type InitialData,
} from '../../../contract/initial-data'
import { TELEGRAM_CHUNKS_ELEMENT_ID } from '../../../contract/telegram-launch'
import { serializeForScript } from './initial-data'
import { ENTRY_AFTER_PAINT, inlineScriptTag, TELEGRAM_LAUNCH } from './inline-scripts'
import type { TelegramChunks } from './route-chunks'

export type ShellAdditions = {
  /** Route chunks to fetch in parallel with the entry instead of after it. */
  modulePreloads: string[]
  /** Chunks a wide screen needs before live (the product table): preloaded for it only. */
  wideListPreloads?: string[]
  stylesheets: string[]
  /** The Telegram start's chunks, preloaded by the launch script inside Telegram only. */
  telegramChunks: TelegramChunks
  initialData?: InitialData
  /** The page rendered on the server: painted at once, hydrated by the client. */
  firstView?: FirstView
}

/**
 * Script elements the renderer put into the first view (the router's scroll-restoration
 * ScriptOnce): the CSP runs only INLINE_SCRIPTS, so they are taken out rather than left to be
 * refused. Safe for hydration: on the client ScriptOnce renders nothing (the script removes
 * itself when it runs), and the client router restores scroll itself once hydrated.
 */
const RENDERED_SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/gi

/** The entry's script element as Vite writes it into index.html. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

/**
 * Inside Telegram the page is painted in the launch theme and the Telegram chunks start
 * downloading before anything else is parsed: the launch script goes before the stylesheets
 * (a classic script waits for the stylesheets above it) and the entry.
 */
const telegramLaunch = (chunks: TelegramChunks) =>
  `<script type="application/json" id="${TELEGRAM_CHUNKS_ELEMENT_ID}">${serializeForScript(chunks)}</script>` +
  inlineScriptTag(TELEGRAM_LAUNCH)

/**
 * The built index.html with the Telegram launch script, the page's route chunks preloaded and
 * its first data inlined. The first view (the same markup on every platform) is hydrated by
 * the client, inside Telegram too.
 */
export function renderShell(indexHtml: string, additions: ShellAdditions): string {
  // Every insertion is a function: a replacement string reads `$&`, `` $` ``, `$'` and `$<n>` as
  // patterns, and the markup carries what the visitor typed (a reflected search term of `` $`$' ``
  // spliced the page's head into the input). A function's result is inserted as it is.
  const view = additions.firstView
  // With a served view the entry downloads from the start, at low priority (the paint's own
  // bytes, the HTML and the icons, go first), and runs after the first paint
  // (ENTRY_AFTER_PAINT): preloading fetches and compiles a module without running it. The
  // route's chunks are preloaded by ENTRY_AFTER_PAINT at the paint (docs/performance.md Run AB):
  // on a slow link they still arrive before the entry, and the paint is not reckoned to wait for
  // two dozen requests (a product page's Lighthouse LCP, which counts every request started
  // before it, went 2.5 -> 1.75 s).
  const entry = view ? ENTRY_SCRIPT.exec(indexHtml)?.[1] : undefined
  const priority = view ? ' fetchpriority="low"' : ''
  const headPreloads = entry ? [entry.replace(/^\//, '')] : additions.modulePreloads
  const head = [
    ...headPreloads.map(
      (file) =>
        `<link rel="modulepreload" crossorigin${priority} href="/${escapeAttribute(file)}">`,
    ),
    ...(additions.wideListPreloads ?? []).map(
      (file) =>
        `<link rel="modulepreload" crossorigin${priority} media="${WIDE_LIST_MEDIA}" href="/${escapeAttribute(file)}">`,
    ),
    ...additions.stylesheets.map(
      (file) => `<link rel="stylesheet" crossorigin href="/${escapeAttribute(file)}">`,
    ),
  ].join('')
  // The coin list goes beside a served view only (its coin icons hydrate from it), in an element
  // of its own, read by the icons' chunk rather than the entry.
  const { coins, ...initialData } = additions.initialData ?? {}
  const data =
    (additions.initialData
      ? `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${serializeForScript(initialData)}</script>`
      : '') +
    (view && coins
      ? `<script type="application/json" id="${SERVED_COINS_ELEMENT_ID}">${serializeForScript(coins)}</script>`
      : '')
  // Module scripts run after parsing, so data at the end of body is there at boot and its
  // bytes do not delay the discovery of the preloads in head.
  const launch = telegramLaunch(additions.telegramChunks)
  let html = indexHtml.includes('</title>')
    ? indexHtml.replace('</title>', () => `</title>${launch}`)
    : indexHtml.replace('</head>', () => `${launch}</head>`)
  html = html.replace('</head>', () => `${head}</head>`).replace('</body>', () => `${data}</body>`)
  if (view) {
    html = html
      .replace(
        /<html lang="[^"]*" dir="[^"]*">/,
        () => `<html lang="${escapeAttribute(view.lang)}" dir="${view.dir}">`,
      )
      .replace(
        '<div id="root"></div>',
        () => `<div id="root">${view.html.replace(RENDERED_SCRIPT, '')}</div>`,
      )
    // The served view paints first; its entry, preloaded above, runs after that
    // (ENTRY_AFTER_PAINT), which starts the route's chunks then too.
    const routePreloads = additions.modulePreloads.length
      ? ` data-preloads="${escapeAttribute(additions.modulePreloads.join(' '))}"`
      : ''
    if (entry)
      html = html
        .replace(ENTRY_SCRIPT, '')
        .replace(
          '</body>',
          () =>
            `<script data-entry="${escapeAttribute(entry)}"${routePreloads}>${ENTRY_AFTER_PAINT}</script></body>`,
        )
  }
  return html
}
