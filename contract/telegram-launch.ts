// Where the client keeps the first Telegram launch of a tab (Telegram passes it in the URL hash
// once). The shell's launch script reads it too, to paint in the launch theme after a reload.

export const LAUNCH_STORAGE_KEY = 'earn/telegram-launch'

/**
 * The shell's JSON list of the Telegram chunks (the SDK start, the shell, the login), which
 * its launch script preloads inside Telegram only.
 */
export const TELEGRAM_CHUNKS_ELEMENT_ID = 'earn-telegram-chunks'

/**
 * Where the client's session store keeps its values when the browser denies sessionStorage (a
 * cross-site frame: Telegram Web): window.name, as this prefix and a JSON map. The shell's
 * launch script reads the launch from it after a reload of the frame.
 */
export const WINDOW_NAME_STORE_PREFIX = 'earn-session:'

/**
 * Tab-store key set when the user logged in with email and password in this tab (the login
 * form; e2e's loginAs does the same): that session goes on, and the automatic Telegram login
 * does not replace it for the rest of the tab.
 */
export const EMAIL_SESSION_IN_TAB_KEY = 'earn/email-session'

/**
 * The tab's store: the Telegram session the mini-app goes on with after a reload (the initData it
 * was made from and its token, docs/security.md "Sessions inside Telegram").
 */
export const TELEGRAM_SESSION_KEY = 'earn/telegram-session'
