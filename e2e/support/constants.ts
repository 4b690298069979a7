export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173)
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`
/** The bot token the e2e server runs with; initData is signed with it, as Telegram would. */
export const E2E_BOT_TOKEN = '7000000001:E2E-test-bot-token-not-a-real-bot'
/**
 * A Telegram test whose client does not change it (theme, startapp, export, an expired
 * initData): ios_tg runs it, pc_tg and android_tg leave it out (playwright.config.ts).
 */
export const ONE_TELEGRAM_CLIENT_TAG = '@one-telegram-client'
