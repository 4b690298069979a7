import { describe, expect, it } from 'vitest'
import {
  detectPlatform,
  isMobileUserAgent,
  platformFromTelegram,
} from '../../../src/lib/platform/platform'
import {
  LAUNCH_STORAGE_KEY,
  launchHashToRestore,
  mayBeInsideTelegram,
  readTelegramLaunch,
} from '../../../src/lib/platform/telegram-launch'

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'
const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0'

describe('platformFromTelegram', () => {
  it.each([
    ['ios', 'ios_tg'],
    ['android', 'android_tg'],
    ['android_x', 'android_tg'],
    ['tdesktop', 'pc_tg'],
    ['macos', 'pc_tg'],
    ['weba', 'pc_tg'],
    ['web', 'pc_tg'],
    ['webk', 'pc_tg'],
    ['unigram', 'pc_tg'],
    ['some-future-client', 'pc_tg'],
  ])('%s → %s', (tg, label) => {
    expect(platformFromTelegram(tg)).toBe(label)
  })
})

describe('detectPlatform', () => {
  it.each([
    [IPHONE, 'h5'],
    [ANDROID, 'h5'],
    [MAC_CHROME, 'pc'],
    [WINDOWS_EDGE, 'pc'],
  ])('outside Telegram by user agent (%#)', (ua, label) => {
    expect(detectPlatform({ userAgent: ua })).toBe(label)
  })

  it('inside Telegram the launch parameters win over the user agent', () => {
    expect(detectPlatform({ tgWebAppPlatform: 'ios', userAgent: MAC_CHROME })).toBe('ios_tg')
    expect(detectPlatform({ tgWebAppPlatform: 'tdesktop', userAgent: IPHONE })).toBe('pc_tg')
  })

  it('recognises mobile user agents', () => {
    expect(isMobileUserAgent(IPHONE)).toBe(true)
    expect(isMobileUserAgent(MAC_CHROME)).toBe(false)
  })
})

describe('readTelegramLaunch', () => {
  const memory = () => {
    const m = new Map<string, string>()
    return {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
      backedByBrowser: false,
    }
  }
  const initData = new URLSearchParams({
    auth_date: '1',
    start_param: 'p-flex-usdt',
    hash: 'x',
  }).toString()

  it("reads the user's language_code, and keeps it for a reload without the hash", () => {
    const hashFor = (user: object) =>
      '#' +
      new URLSearchParams({
        tgWebAppData: new URLSearchParams({ user: JSON.stringify(user), hash: 'x' }).toString(),
        tgWebAppPlatform: 'android',
      }).toString()
    const kept = memory()
    expect(
      readTelegramLaunch(hashFor({ id: 1, language_code: 'ru' }), kept, true)?.languageCode,
    ).toBe('ru')
    expect(readTelegramLaunch('', kept, true)?.languageCode).toBe('ru')
    expect(readTelegramLaunch(hashFor({ id: 1 }), memory(), true)?.languageCode).toBeNull()
  })

  it('reads the hash whichever order the parameters come in, and keeps it for reloads', () => {
    const storage = memory()
    const hash = `#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=8.0&tgWebAppPlatform=android`
    expect(readTelegramLaunch(hash, storage, true)).toMatchObject({
      platform: 'android',
      initDataRaw: initData,
      startParam: 'p-flex-usdt',
    })
    const reversed = `#tgWebAppPlatform=ios&tgWebAppVersion=8.0&tgWebAppData=${encodeURIComponent(initData)}`
    expect(readTelegramLaunch(reversed, storage, true)?.platform).toBe('ios')
    // The hash is gone after a hash navigation: the stored launch is used.
    expect(readTelegramLaunch('#/other', storage, true)?.platform).toBe('ios')
    expect(storage.getItem(LAUNCH_STORAGE_KEY)).toContain('ios')
  })

  it('is null outside Telegram', () => {
    expect(readTelegramLaunch('', memory(), true)).toBeNull()
  })

  it('ignores launch parameters in a top-level tab with no Telegram bridge (a crafted link)', () => {
    const storage = memory()
    const hash = `#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppPlatform=ios`
    expect(readTelegramLaunch(hash, storage, false)).toBeNull()
    expect(storage.getItem(LAUNCH_STORAGE_KEY)).toBeNull()
  })
})

describe('mayBeInsideTelegram', () => {
  it("is true with the webview's bridge or a parent page, false for a top-level tab", () => {
    const top = {} as { parent?: unknown }
    top.parent = top
    expect(mayBeInsideTelegram(top)).toBe(false)
    expect(mayBeInsideTelegram({ ...top, parent: {} })).toBe(true)
    const withProxy = { TelegramWebviewProxy: { postEvent() {} } } as Record<string, unknown>
    withProxy.parent = withProxy
    expect(mayBeInsideTelegram(withProxy)).toBe(true)
  })
})

describe('launchHashToRestore', () => {
  const memory = () => {
    const m = new Map<string, string>()
    return {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
      backedByBrowser: false,
    }
  }

  it('gives back the first launch parameters after a navigation dropped the hash', () => {
    const storage = memory()
    readTelegramLaunch('#tgWebAppData=a%3D1&tgWebAppPlatform=ios&other=x', storage, true)
    const later = readTelegramLaunch('', storage, true)
    expect(launchHashToRestore('', later)).toBe('#tgWebAppData=a%3D1&tgWebAppPlatform=ios')
    expect(launchHashToRestore('#tgWebAppPlatform=ios', later)).toBeNull()
    expect(launchHashToRestore('', null)).toBeNull()
  })
})
