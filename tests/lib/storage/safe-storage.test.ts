import { afterEach, describe, expect, it, vi } from 'vitest'
import { LAUNCH_STORAGE_KEY, WINDOW_NAME_STORE_PREFIX } from '../../../contract/telegram-launch'
import { TELEGRAM_LAUNCH } from '../../../server/modules/client-shell/inline-scripts'

// Telegram Web's cross-site frame: the browser denies both storages (reading either throws).
const denyStorage = () => {
  const deny = () => {
    throw new DOMException("Failed to read the 'sessionStorage' property", 'SecurityError')
  }
  for (const name of ['localStorage', 'sessionStorage'])
    Object.defineProperty(window, name, { configurable: true, get: deny })
}
const realLocal = Object.getOwnPropertyDescriptor(window, 'localStorage')!
const realSession = Object.getOwnPropertyDescriptor(window, 'sessionStorage')!

afterEach(() => {
  Object.defineProperty(window, 'localStorage', realLocal)
  Object.defineProperty(window, 'sessionStorage', realSession)
  window.name = ''
  vi.resetModules()
})

const fresh = () => import('../../../src/lib/storage/safe-storage')
/** What bootstrap does where storage is denied: the fallbacks, before anything reads it. */
const freshWithFallbacks = async () => {
  const stores = await fresh()
  ;(await import('../../../src/lib/storage/storage-fallback')).installStorageFallbacks()
  return stores
}

describe('safe storage', () => {
  it("uses the browser's stores when they work", async () => {
    const { localStore, tabStore } = await fresh()
    localStore.setItem('k', 'v')
    tabStore.setItem('t', 'w')
    expect(localStorage.getItem('k')).toBe('v')
    expect(sessionStorage.getItem('t')).toBe('w')
    expect(localStore.backedByBrowser && tabStore.backedByBrowser).toBe(true)
  })

  it('never throws where the browser denies storage: memory, and window.name for the tab', async () => {
    denyStorage()
    const bare = await fresh()
    // Before the fallbacks load: nothing kept, nothing thrown.
    expect(() => bare.tabStore.setItem('t', 'w')).not.toThrow()
    expect(bare.tabStore.getItem('t')).toBeNull()
    vi.resetModules()
    const { localStore, tabStore } = await freshWithFallbacks()
    expect(() => localStore.setItem('k', 'v')).not.toThrow()
    expect(localStore.getItem('k')).toBe('v')
    expect(localStore.backedByBrowser).toBe(false)
    tabStore.setItem('t', 'w')
    expect(tabStore.getItem('t')).toBe('w')
    // The tab store survives a reload of the frame: it lives in window.name.
    expect(window.name.startsWith(WINDOW_NAME_STORE_PREFIX)).toBe(true)
    vi.resetModules()
    expect((await freshWithFallbacks()).tabStore.getItem('t')).toBe('w')
    tabStore.removeItem('t')
    expect(window.name).toBe('')
  })

  it('a quota error on write loses the value, not the page', async () => {
    const { localStore } = await fresh()
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    expect(() => localStore.setItem('big', 'x')).not.toThrow()
    spy.mockRestore()
  })

  it("the shell's launch script reads the launch the tab store kept, in a denied frame too", async () => {
    denyStorage()
    const { tabStore } = await freshWithFallbacks()
    const launch = { rawLaunchParams: 'tgWebAppPlatform=weba&tgWebAppVersion=8.0' }
    tabStore.setItem(LAUNCH_STORAGE_KEY, JSON.stringify(launch))
    // In a frame (a parent page): the script marks the platform from the kept launch.
    const parent = vi.spyOn(window, 'parent', 'get').mockReturnValue({} as Window)
    document.documentElement.removeAttribute('data-platform')
    new Function(TELEGRAM_LAUNCH)()
    expect(document.documentElement.dataset.platform).toBe('pc_tg')
    // A top-level tab (no bridge, no parent): launch parameters are never taken.
    parent.mockRestore()
    document.documentElement.removeAttribute('data-platform')
    new Function(TELEGRAM_LAUNCH)()
    expect(document.documentElement.dataset.platform).toBeUndefined()
  })
})

describe('shimDeniedStorage', () => {
  it('puts a working Storage in place of a denied one, for libraries that read the globals', async () => {
    denyStorage()
    await freshWithFallbacks()
    sessionStorage.setItem('sdk', 'state')
    expect(sessionStorage.getItem('sdk')).toBe('state')
    expect(sessionStorage.length).toBe(1)
    localStorage.setItem('a', '1')
    expect(localStorage.getItem('a')).toBe('1')
    localStorage.clear()
    expect(localStorage.getItem('a')).toBeNull()
  })
})
