/**
 * The exchange app's webview names itself in its user agent: `… ExchangeApp/<version>` (our
 * convention, docs/telegram.md). Read by the client before its first render (the bridge itself
 * loads only inside the app) and by the server, which renders no first view for the app.
 * Dependency-free, like the rest of contract/.
 */
const APP_USER_AGENT = /\bExchangeApp\/(\d+(?:\.\d+){0,3})\b/

/** The app version the user agent names, or null outside the exchange app. */
export function appVersionFromUserAgent(userAgent: string): string | null {
  return APP_USER_AGENT.exec(userAgent)?.[1] ?? null
}
