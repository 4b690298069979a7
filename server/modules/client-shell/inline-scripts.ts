import { createHash } from 'node:crypto'
import { LAUNCH_STORAGE_KEY } from '../../../contract/telegram-launch'

// Every inline script the HTML shell executes lives here, as a constant: the
// Content-Security-Policy allows exactly these by hash (server/http/security-headers.ts), so a
// script injected into the page some other way does not run. A new inline script is added to
// INLINE_SCRIPTS, never written into the HTML directly.

/**
 * Inside Telegram the page takes Telegram's theme and layout, which the server cannot know
 * (launch parameters travel in the URL hash, or sessionStorage after a reload): there the
 * server's first view is dropped before it paints and the client renders the page itself.
 */
export const DROP_IN_TELEGRAM = `try{if(/tgWebApp/.test(location.hash)||sessionStorage.getItem(${JSON.stringify(LAUNCH_STORAGE_KEY)}))document.getElementById('root').replaceChildren()}catch(e){}`

/** Every inline executable script of the shell (inline data is type="application/json"). */
export const INLINE_SCRIPTS: readonly string[] = [DROP_IN_TELEGRAM]

/** The `<script>` element of one of INLINE_SCRIPTS. */
export const inlineScriptTag = (script: (typeof INLINE_SCRIPTS)[number]) =>
  `<script>${script}</script>`

/** CSP source expressions ('sha256-…') allowing exactly INLINE_SCRIPTS. */
export const inlineScriptHashes = (): string[] =>
  INLINE_SCRIPTS.map((s) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`)
