// The one door to the browser's storage. Telegram Web opens the mini-app in a cross-site frame
// where the browser denies both storages (reading `sessionStorage` throws SecurityError), a
// private window may refuse writes (QuotaExceededError), and a webview may have none: nothing
// the app needs to start may depend on them. Every read and write goes through these two
// stores (ESLint forbids the globals elsewhere); they never throw.
//
// Where the browser's store is unavailable (bootstrap then installs storage-fallback.ts, its own
// chunk, before anything reads storage):
// - `localStore` keeps values in memory for the page's life;
// - `tabStore` keeps them in `window.name`, which belongs to the browsing context (the
//   frame), survives a reload of it (Telegram Web reloads a mini-app with location.reload()),
//   is readable by this origin only while our page is in the frame, and is no storage the
//   browser can block. The shell's launch script reads it the same way (TELEGRAM_LAUNCH).

export type SafeStorage = {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
  /** Whether values outlive the page (the browser's store), not only this page's memory. */
  readonly backedByBrowser: boolean
}

export type Backend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** The browser's store when it can be read and written, else null. */
function browserStore(name: 'localStorage' | 'sessionStorage'): Backend | null {
  try {
    const store = globalThis[name]
    const probe = 'earn/storage-probe'
    store.setItem(probe, '1')
    store.removeItem(probe)
    return store
  } catch {
    return null
  }
}

export type SafeStore = SafeStorage & {
  /** Where the browser denies the store: what backs it instead (storage-fallback.ts). */
  useFallback(backend: Backend): void
}

function safeStore(name: 'localStorage' | 'sessionStorage'): SafeStore {
  let browser: Backend | null | undefined
  let fallback: Backend | null = null
  const backend = () => (browser === undefined ? (browser = browserStore(name)) : browser)
  const attempt = <T>(fn: (b: Backend) => T, otherwise: T): T => {
    try {
      const b = backend() ?? fallback
      return b ? fn(b) : otherwise
    } catch {
      // Quota exceeded, or the store went away (a settings change): this value is not kept.
      return otherwise
    }
  }
  return {
    getItem: (key) => attempt((b) => b.getItem(key), null),
    setItem: (key, value) => attempt((b) => b.setItem(key, value), undefined),
    removeItem: (key) => attempt((b) => b.removeItem(key), undefined),
    get backedByBrowser() {
      return backend() !== null
    },
    useFallback: (b) => void (fallback = b),
  }
}

/** localStorage, or (storage-fallback.ts) this page's memory. */
export const localStore = safeStore('localStorage')

/** sessionStorage, or (storage-fallback.ts) the frame's window.name, kept across a reload. */
export const tabStore = safeStore('sessionStorage')

/** A JSON value, or null when absent or unreadable. */
export function readJson<T>(store: SafeStorage, key: string): T | null {
  const raw = store.getItem(key)
  if (raw === null) return null
  try {
    return JSON.parse(raw) as T
  } catch {
    return null
  }
}
