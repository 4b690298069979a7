// Where the client keeps the first Telegram launch of a tab (Telegram passes it in the URL hash
// once). The server's shell reads it too, to drop its first view inside Telegram.

export const LAUNCH_STORAGE_KEY = 'earn/telegram-launch'
