import { WINDOW_NAME_STORE_PREFIX } from '../../../contract/telegram-launch'

// The one door to the browser's storage. Telegram Web opens the mini-app in a cross-site frame
// where the browser denies both storages (reading `sessionStorage` throws SecurityError), a
// private window may refuse writes (QuotaExceededError), and a webview may have none: nothing
// the app needs to start may depend on them. Every read and write goes through these two
// stores (ESLint forbids the globals elsewhere); they never throw.
//
// Where the browser's store is unavailable:
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

type Backend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** The browser's store when it can be read and written, else null. */
function browserStore(name: 'localStorage' | 'sessionStorage'): Backend | null {
  try {
    const store = globalThis[name]
    if (!store) return null
    const probe = 'earn/storage-probe'
    store.setItem(probe, '1')
    store.removeItem(probe)
    return store
  } catch {
    return null
  }
}

function memoryBackend(): Backend {
  const values = new Map<string, string>()
  return {
    getItem: (k) => values.get(k) ?? null,
    setItem: (k, v) => void values.set(k, String(v)),
    removeItem: (k) => void values.delete(k),
  }
}

/** A JSON map in window.name (prefixed, so a foreign name is never read as ours). */
export function windowNameBackend(
  win: { name: string } = globalThis as unknown as Window,
): Backend {
  const read = (): Record<string, string> => {
    if (!win.name.startsWith(WINDOW_NAME_STORE_PREFIX)) return {}
    try {
      const parsed = JSON.parse(win.name.slice(WINDOW_NAME_STORE_PREFIX.length)) as unknown
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {}
    } catch {
      return {}
    }
  }
  const write = (values: Record<string, string>) => {
    win.name = Object.keys(values).length ? WINDOW_NAME_STORE_PREFIX + JSON.stringify(values) : ''
  }
  return {
    getItem: (k) => read()[k] ?? null,
    setItem: (k, v) => write({ ...read(), [k]: String(v) }),
    removeItem: (k) => {
      const values = read()
      delete values[k]
      write(values)
    },
  }
}

type Resolved = { backend: Backend; backedByBrowser: boolean }

function safeStore(resolve: () => Resolved): SafeStorage & { resolved: () => Resolved } {
  let resolved: Resolved | undefined
  const get = () => (resolved ??= resolve())
  const attempt = <T>(fn: (b: Backend) => T, fallback: T): T => {
    try {
      return fn(get().backend)
    } catch {
      // Quota exceeded, or the store went away (a settings change): this value is not kept.
      return fallback
    }
  }
  return {
    getItem: (key) => attempt((b) => b.getItem(key), null),
    setItem: (key, value) => attempt((b) => b.setItem(key, value), undefined),
    removeItem: (key) => attempt((b) => b.removeItem(key), undefined),
    get backedByBrowser() {
      return get().backedByBrowser
    },
    resolved: get,
  }
}

/** localStorage, or this page's memory. */
export const localStore = safeStore(() => {
  const store = browserStore('localStorage')
  return store
    ? { backend: store, backedByBrowser: true }
    : { backend: memoryBackend(), backedByBrowser: false }
})

/** sessionStorage, or the frame's window.name (kept across a reload of the frame). */
export const tabStore = safeStore(() => {
  const store = browserStore('sessionStorage')
  if (store) return { backend: store, backedByBrowser: true }
  try {
    return { backend: windowNameBackend(), backedByBrowser: false }
  } catch {
    return { backend: memoryBackend(), backedByBrowser: false }
  }
})

/**
 * Where the browser denies a storage (reading the global throws), puts a Storage of ours in its
 * place, backed like localStore / tabStore: libraries that read the globals unguarded (the
 * Telegram SDK keeps its state in sessionStorage) then work in Telegram Web's frame instead of
 * throwing at init. Called once at start, before any library runs.
 */
export function shimDeniedStorage(win: Window = globalThis as unknown as Window): void {
  for (const [name, store] of [
    ['localStorage', localStore],
    ['sessionStorage', tabStore],
  ] as const) {
    if (store.backedByBrowser) continue
    const { backend } = store.resolved()
    const keys = new Set<string>()
    const shim = {
      getItem: (k: string) => backend.getItem(String(k)),
      setItem: (k: string, v: string) => {
        keys.add(String(k))
        backend.setItem(String(k), String(v))
      },
      removeItem: (k: string) => {
        keys.delete(String(k))
        backend.removeItem(String(k))
      },
      clear: () => {
        for (const k of keys) backend.removeItem(k)
        keys.clear()
      },
      key: (i: number) => [...keys][i] ?? null,
      get length() {
        return keys.size
      },
    }
    try {
      Object.defineProperty(win, name, { configurable: true, get: () => shim })
    } catch {
      // Not replaceable here: libraries keep their own guards.
    }
  }
}

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
