import { afterEach, describe, expect, it, vi } from 'vitest'

// Telegram Web's cross-site frame: the browser denies sessionStorage, which the SDK uses
// unguarded. The launch as Telegram Web passes it (platform weba).
const initData = new URLSearchParams([
  ['user', JSON.stringify({ id: 1, first_name: 'A' })],
  ['auth_date', '1700000000'],
  ['signature', 'x'],
  ['hash', 'y'],
])
const launch = new URLSearchParams([
  ['tgWebAppPlatform', 'weba'],
  ['tgWebAppVersion', '8.0'],
  ['tgWebAppThemeParams', '{}'],
  ['tgWebAppData', initData.toString()],
])
const real = Object.getOwnPropertyDescriptor(window, 'sessionStorage')!

function denySessionStorage() {
  Object.defineProperty(window, 'sessionStorage', {
    configurable: true,
    get() {
      throw new DOMException('Access is denied for this document.', 'SecurityError')
    },
  })
}

afterEach(() => {
  Object.defineProperty(window, 'sessionStorage', real)
  history.replaceState(null, '', '/')
  window.name = ''
  vi.resetModules()
})

/** What bootstrap does before any library runs where the browser denies storage. */
async function installStorageFallbacks() {
  vi.resetModules()
  const fallback = await import('../../../src/lib/storage/storage-fallback')
  fallback.installStorageFallbacks()
}

describe('the Telegram SDK with storage denied (Telegram Web)', () => {
  it('leaves a working sessionStorage alone', async () => {
    const before = window.sessionStorage
    await installStorageFallbacks()
    expect(window.sessionStorage).toBe(before)
  })

  it('where the browser denies it, the SDK starts and its components work', async () => {
    const sdk = await import('@tma.js/sdk-react')
    const posted: string[] = []
    Object.assign(window, { TelegramWebviewProxy: { postEvent: (t: string) => posted.push(t) } })
    history.replaceState(null, '', `/earn/home#${launch}`)
    denySessionStorage()
    expect(() => sdk.init()).toThrow('Access is denied')
    await installStorageFallbacks()
    expect(() => sdk.init()).not.toThrow()
    sdk.backButton.mount()
    sdk.backButton.show()
    expect(posted).toContain('web_app_setup_back_button')
    expect(window.sessionStorage.getItem('tapps/launchParams')).toContain('tgWebAppPlatform=weba')
    // Kept where the frame keeps its tab store: window.name, across a reload of the frame.
    expect(window.name).toContain('tapps/launchParams')
  }, 60_000)
})
