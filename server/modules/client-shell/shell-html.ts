import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '../../../contract/initial-data'
import { serializeForScript } from './initial-data'

export type ShellAdditions = {
  /** Route chunks to fetch in parallel with the entry instead of after it. */
  modulePreloads: string[]
  stylesheets: string[]
  initialData?: InitialData
}

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
  return indexHtml.replace('</head>', `${head}</head>`).replace('</body>', `${data}</body>`)
}
