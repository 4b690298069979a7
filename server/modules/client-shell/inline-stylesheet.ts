import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** The entry's stylesheet link as Vite writes it into index.html. */
const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g
/** Above this the stylesheet stays a cached file: every page's HTML would carry it. */
export const INLINE_STYLESHEET_MAX_BYTES = 32 * 1024

/**
 * index.html with the entry's stylesheet written into a `<style>` element (docs/decisions.md,
 * "Speed"): on a phone's first visit the page paints from the document alone, without a
 * render-blocking request for 4.6 kB of CSS (one round trip, about 160 ms on Lighthouse's slow
 * 4G). The CSP already allows inline styles. A stylesheet that is missing, too large or could
 * close the element stays a link.
 *
 * A disabled link of the same file stays beside the `<style>`: browsers neither fetch nor apply
 * a disabled stylesheet, and Vite's loader of lazy chunks, which lists the entry's stylesheet
 * among each chunk's dependencies, finds it there instead of fetching it again (4.8 kB at the
 * highest priority, on every page that loads its texts).
 */
export function inlineEntryStylesheet(indexHtml: string, staticDir: string): string {
  return indexHtml.replace(STYLESHEET_LINK, (link, file: string) => {
    const path = join(staticDir, file)
    if (!existsSync(path)) return link
    const css = readFileSync(path, 'utf8')
    if (Buffer.byteLength(css) > INLINE_STYLESHEET_MAX_BYTES || /<\/style/i.test(css)) return link
    return `<style>${css}</style><link rel="stylesheet" href="/${file}" disabled>`
  })
}
