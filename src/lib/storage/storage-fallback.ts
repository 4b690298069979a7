import { WINDOW_NAME_STORE_PREFIX } from '../../../contract/telegram-launch'
import { localStore, tabStore, type Backend } from './safe-storage'

// Only where the browser denies a storage (Telegram Web's cross-site frame): its own chunk, off
// the first load. bootstrap installs it before anything reads storage.

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

/** Backs each denied store (memory; window.name for the tab) and shims its global. */
export function installStorageFallbacks(win: Window = globalThis as unknown as Window): void {
  if (!localStore.backedByBrowser) localStore.useFallback(memoryBackend())
  if (!tabStore.backedByBrowser) tabStore.useFallback(windowNameBackend(win))
  shimDeniedStorage(win)
}

/**
 * Where the browser denies a storage (reading the global throws), puts a Storage of ours in its
 * place, backed like localStore / tabStore: libraries that read the globals unguarded (the
 * Telegram SDK keeps its state in sessionStorage) then work in Telegram Web's frame instead of
 * throwing at init. Called once at start, before any library runs.
 */
function shimDeniedStorage(win: Window = globalThis as unknown as Window): void {
  for (const [name, store] of [
    ['localStorage', localStore],
    ['sessionStorage', tabStore],
  ] as const) {
    if (store.backedByBrowser) continue
    const backend = store
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
