import type { FirstView } from '../../../contract/first-view'
import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '../../../contract/initial-data'
import { serializeForScript } from './initial-data'
import { DROP_IN_TELEGRAM, inlineScriptTag } from './inline-scripts'

export type ShellAdditions = {
  /** Route chunks to fetch in parallel with the entry instead of after it. */
  modulePreloads: string[]
  stylesheets: string[]
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

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

/** The built index.html with the page's route chunks preloaded and its first data inlined. */
export function renderShell(indexHtml: string, additions: ShellAdditions): string {
  const head = [
    ...additions.modulePreloads.map(
      (file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`,
    ),
    ...additions.stylesheets.map(
      (file) => `<link rel="stylesheet" crossorigin href="/${escapeAttribute(file)}">`,
    ),
  ].join('')
  const data = additions.initialData
    ? `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${serializeForScript(additions.initialData)}</script>`
    : ''
  // Module scripts run after parsing, so data at the end of body is there at boot and its
  // bytes do not delay the discovery of the preloads in head.
  let html = indexHtml.replace('</head>', `${head}</head>`).replace('</body>', `${data}</body>`)
  const view = additions.firstView
  if (view) {
    html = html
      .replace(
        /<html lang="[^"]*" dir="[^"]*">/,
        `<html lang="${escapeAttribute(view.lang)}" dir="${view.dir}">`,
      )
      .replace(
        '<div id="root"></div>',
        `<div id="root">${view.html.replace(RENDERED_SCRIPT, '')}</div>${inlineScriptTag(DROP_IN_TELEGRAM)}`,
      )
  }
  return html
}
