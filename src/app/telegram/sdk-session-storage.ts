/**
 * The SDK (@tma.js 3.x, as @telegram-apps before it) keeps the launch parameters and its
 * components' state in sessionStorage (`tapps/*`) without a guard, so in Telegram Web's
 * cross-site frame, where the browser denies sessionStorage, `init()` and every component call
 * throw SecurityError and the page would show the unsupported-environment screen. There, before
 * the SDK starts, window.sessionStorage becomes a store in this page's memory: the SDK works for
 * the page's life and, after a reload, starts from the launch parameters again (which the app
 * lends it from the URL, as on every start).
 */
export function ensureSdkSessionStorage(win: Window = window): void {
  try {
    if (win.sessionStorage) return
  } catch {
    // Denied: replaced below.
  }
  const values = new Map<string, string>()
  const memory: Storage = {
    get length() {
      return values.size
    },
    key: (i) => [...values.keys()][i] ?? null,
    getItem: (k) => values.get(k) ?? null,
    setItem: (k, v) => void values.set(k, String(v)),
    removeItem: (k) => void values.delete(k),
    clear: () => values.clear(),
  }
  Object.defineProperty(win, 'sessionStorage', { configurable: true, value: memory })
}
