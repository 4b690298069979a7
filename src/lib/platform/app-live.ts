let markLive: () => void = () => undefined
const live = new Promise<void>((resolve) => (markLive = resolve))

/**
 * Resolves once the app is live (the server's view hydrated, or the page rendered). A cache
 * change that would redraw the server's view (the Telegram login refetching the page's data
 * for the user) waits for it: an update while React hydrates would make it drop the painted
 * view and draw the whole page again.
 */
export const appLive = (): Promise<void> => live

/** Called once, by the app's live mark. */
export const markAppLive = (): void => markLive()
