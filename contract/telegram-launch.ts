// Where the client keeps the first Telegram launch of a tab (Telegram passes it in the URL hash
// once). The shell's launch script reads it too, to paint in the launch theme after a reload.

export const LAUNCH_STORAGE_KEY = 'earn/telegram-launch'

/**
 * The shell's JSON list of the Telegram chunks (the SDK start, the shell, the login), which
 * its launch script preloads inside Telegram only.
 */
export const TELEGRAM_CHUNKS_ELEMENT_ID = 'earn-telegram-chunks'
