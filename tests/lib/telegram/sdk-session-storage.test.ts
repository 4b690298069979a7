import { afterEach, describe, expect, it } from 'vitest'
import { ensureSdkSessionStorage } from '../../../src/app/telegram/sdk-session-storage'

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
})

describe('ensureSdkSessionStorage', () => {
  it('leaves a working sessionStorage alone', () => {
    const before = window.sessionStorage
    ensureSdkSessionStorage()
    expect(window.sessionStorage).toBe(before)
  })

  it('where the browser denies it, the SDK starts and its components work', async () => {
    const sdk = await import('@tma.js/sdk-react')
    const posted: string[] = []
    Object.assign(window, { TelegramWebviewProxy: { postEvent: (t: string) => posted.push(t) } })
    history.replaceState(null, '', `/earn/home#${launch}`)
    denySessionStorage()
    expect(() => sdk.init()).toThrow('Access is denied')
    ensureSdkSessionStorage()
    expect(() => sdk.init()).not.toThrow()
    sdk.backButton.mount()
    sdk.backButton.show()
    expect(posted).toContain('web_app_setup_back_button')
    expect(window.sessionStorage.getItem('tapps/launchParams')).toContain('tgWebAppPlatform=weba')
  }, 60_000)
})
