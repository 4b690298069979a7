// What the download prompt's two parts share (the button above home, the lazy sheet of the
// other pages), in a module of its own so the sheet's chunk does not import the prompt back.

/** Spec §2: the sheet shows 400 ms after a page other than home opens on mobile web. */
export const DOWNLOAD_PROMPT_DELAY_MS = 400
/** The exchange's app download page (not shown by the spec; ours). */
export const APP_DOWNLOAD_PATH = '/download'

export const downloadLinkClass =
  'inline-flex min-h-11 items-center rounded-lg bg-[var(--earn-accent)] px-4 font-600 text-[var(--earn-accent-text)] no-underline'
